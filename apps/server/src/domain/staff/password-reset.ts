import { setTimeout as wait } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { LangCode } from '@kippu/contract';
import type { Db, Tx } from '../../db/client.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import { AppError } from '../../shared/app-error.ts';
import { consoleUrl, mailSiteFor, resetPath, type ConsoleLinkEnv } from './console-links.ts';
import { hashPassword } from './password-hash.ts';
import { checkPasswordRules } from './password-rules.ts';
import { endStaffSessions } from './sessions.ts';
import { normaliseEmail } from './sign-in.ts';
import { auditStaff, selfActor } from './staff-audit.ts';
import type { StaffClient } from './staff-types.ts';
import { newOpaqueToken, sha256Hex } from './tokens.ts';

/** A reset link works this long, once. */
export const PASSWORD_RESET_VALID_MS = 3600_000;

/** A reset request answers no sooner than this, known address or not (its work takes a few milliseconds). */
export const PASSWORD_RESET_ANSWER_MS = 400;
/** One reset mail per account in this long: a stranger cannot flood someone's inbox (issue 27). */
export const PASSWORD_RESET_MAIL_INTERVAL_MS = 5 * 60_000;

/** The organisations a staff member belongs to: a reset is in each one's audit log. */
async function organisationsOf(tx: Tx, staffId: number): Promise<number[]> {
  const { rows } = await tx.execute<{ organisation_id: number | string }>(sql`
    SELECT organisation_id FROM staff_memberships WHERE staff_id = ${staffId} ORDER BY id`);
  return rows.map((row) => Number(row.organisation_id));
}

/**
 * Mails a reset link to the account with this address, if there is one and it was not sent one in the last
 * PASSWORD_RESET_MAIL_INTERVAL_MS. The caller answers the same whether there is or not (issue 27), so
 * nothing here says which: no result, no error, and the answer waits until PASSWORD_RESET_ANSWER_MS after
 * the request, so a known address (insert, mail, audit) and an unknown one (one select) take as long. The
 * request is audited in every organisation the person belongs to.
 */
export async function requestPasswordReset(
  db: Db,
  env: ConsoleLinkEnv,
  input: { email: string; client: StaffClient; sleep?: (ms: number) => Promise<void> },
): Promise<void> {
  const started = performance.now();
  try {
    await mailResetLink(db, env, input);
  } finally {
    const rest = PASSWORD_RESET_ANSWER_MS - (performance.now() - started);
    if (rest > 0) await (input.sleep ?? ((ms: number) => wait(ms)))(rest);
  }
}

async function mailResetLink(
  db: Db,
  env: ConsoleLinkEnv,
  input: { email: string; client: StaffClient },
): Promise<void> {
  const email = normaliseEmail(input.email).slice(0, 254);
  await db.transaction(async (tx) => {
    // The row lock makes the one-mail-per-interval check hold against concurrent requests.
    const { rows } = await tx.execute<{ id: number | string; lang: LangCode }>(sql`
      SELECT st.id, st.lang FROM staff st WHERE st.email = ${email} AND st.deleted_at IS NULL FOR UPDATE`);
    const account = rows[0];
    if (!account) return;
    const staffId = Number(account.id);
    const { rows: recent } = await tx.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM staff_password_resets
      WHERE staff_id = ${staffId}
        AND expires_at > now() + ${`${PASSWORD_RESET_VALID_MS - PASSWORD_RESET_MAIL_INTERVAL_MS} milliseconds`}::interval`);
    if ((recent[0]?.n ?? 0) > 0) return;
    const organisations = await organisationsOf(tx, staffId);
    const token = newOpaqueToken();
    const { rows: inserted } = await tx.execute<{ expires_at: Date | string }>(sql`
      INSERT INTO staff_password_resets (token_hash, staff_id, expires_at)
      VALUES (${sha256Hex(token)}, ${staffId}, now() + ${`${PASSWORD_RESET_VALID_MS} milliseconds`}::interval)
      RETURNING expires_at`);
    const siteCode = await mailSiteFor(tx, organisations[0] ?? null);
    if (siteCode) {
      await enqueueMail(tx, {
        kind: 'staff_password_reset',
        siteCode,
        to: email,
        lang: account.lang,
        payload: {
          resetUrl: consoleUrl(env, resetPath(token)),
          expiresAt: new Date(inserted[0]!.expires_at).toISOString(),
        },
      });
    }
    // No organisation (a person between memberships) still leaves one event, in no organisation's log.
    for (const organisationId of organisations.length > 0 ? organisations : [null]) {
      await auditStaff(tx, {
        actor: selfActor(undefined, input.client),
        organisationId,
        objectId: staffId,
        action: 'password_reset_requested',
      });
    }
  });
}

/**
 * Sets a new password from a reset link, once: the link must be unused and unexpired
 * (console_link_expired), the password must pass the rules; every session of the account ends.
 */
export async function resetPassword(
  db: Db,
  input: { token: string; newPassword: string; client: StaffClient },
): Promise<{ staffId: number }> {
  const tokenHash = sha256Hex(input.token);
  const { rows: found } = await db.execute<{ email: string }>(sql`
    SELECT st.email FROM staff_password_resets r JOIN staff st ON st.id = r.staff_id AND st.deleted_at IS NULL
    WHERE r.token_hash = ${tokenHash} AND r.used_at IS NULL AND r.expires_at > now()`);
  if (!found[0]) throw new AppError('console_link_expired');
  if (checkPasswordRules(input.newPassword, found[0].email) !== null)
    throw new AppError('console_password_rules');
  const hash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ staff_id: number | string }>(sql`
      UPDATE staff_password_resets SET used_at = now()
      WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > now()
      RETURNING staff_id`);
    if (!rows[0]) throw new AppError('console_link_expired');
    const staffId = Number(rows[0].staff_id);
    await tx.execute(sql`UPDATE staff SET password_hash = ${hash} WHERE id = ${staffId}`);
    // Every other open link of the account dies with it.
    await tx.execute(sql`
      UPDATE staff_password_resets SET used_at = now() WHERE staff_id = ${staffId} AND used_at IS NULL`);
    await endStaffSessions(tx, staffId);
    // In every organisation the person belongs to: each one's log shows who took the account back.
    const organisations = await organisationsOf(tx, staffId);
    for (const organisationId of organisations.length > 0 ? organisations : [null]) {
      await auditStaff(tx, {
        actor: selfActor(staffId, input.client),
        organisationId,
        objectId: staffId,
        action: 'password_reset',
      });
    }
    return { staffId };
  });
}
