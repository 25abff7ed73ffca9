import { sql } from 'drizzle-orm';
import type { LangCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
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

/**
 * Mails a reset link to the account with this address, if there is one. The caller answers the same
 * whether there is or not (issue 27), so nothing here says which: no result, no error.
 */
export async function requestPasswordReset(
  db: Db,
  env: ConsoleLinkEnv,
  input: { email: string; client: StaffClient },
): Promise<void> {
  const email = normaliseEmail(input.email).slice(0, 254);
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{
      id: number | string;
      lang: LangCode;
      organisation_id: number | string | null;
    }>(sql`
      SELECT st.id, st.lang,
        (SELECT organisation_id FROM staff_memberships WHERE staff_id = st.id ORDER BY id LIMIT 1) AS organisation_id
      FROM staff st WHERE st.email = ${email} AND st.deleted_at IS NULL`);
    const account = rows[0];
    if (!account) return;
    const staffId = Number(account.id);
    const organisationId = account.organisation_id === null ? null : Number(account.organisation_id);
    const token = newOpaqueToken();
    const { rows: inserted } = await tx.execute<{ expires_at: Date | string }>(sql`
      INSERT INTO staff_password_resets (token_hash, staff_id, expires_at)
      VALUES (${sha256Hex(token)}, ${staffId}, now() + ${`${PASSWORD_RESET_VALID_MS} milliseconds`}::interval)
      RETURNING expires_at`);
    const siteCode = await mailSiteFor(tx, organisationId);
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
    await auditStaff(tx, {
      actor: selfActor(undefined, input.client),
      organisationId,
      objectId: staffId,
      action: 'password_reset_requested',
    });
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
    await auditStaff(tx, {
      actor: selfActor(staffId, input.client),
      organisationId: null,
      objectId: staffId,
      action: 'password_reset',
    });
    return { staffId };
  });
}
