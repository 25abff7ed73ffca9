import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LangCode } from '@kippu/contract';
import type { Db, Tx } from '../../db/client.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import { AppError } from '../../shared/app-error.ts';
import { consoleUrl, mailSiteFor, type ConsoleLinkEnv } from './console-links.ts';
import { organisationById } from './organisations.ts';
import { OWNER_LIKE_ROLE_SQL } from './roles.ts';
import { endStaffSessions, sessionById } from './sessions.ts';
import {
  CLIENT_FAILURE_LIMIT,
  clientKey,
  recentFailures,
  SECOND_FACTOR_DAILY_LIMIT,
  SECOND_FACTOR_FAILURE_LIMIT,
  recordSignInAttempt,
  secondFactorFailures,
} from './sign-in-limits.ts';
import { auditStaff, selfActor, type AuditActor } from './staff-audit.ts';
import type { StaffClient } from './staff-types.ts';
import { sha256Hex } from './tokens.ts';
import { base32Encode } from '../../shared/base32.ts';
import { matchTotp, newTotpSecret, otpauthUri } from './totp.ts';

/** Recovery codes given at a time; each works once. */
export const RECOVERY_CODE_COUNT = 10;

/** A recovery code as typed: case, spaces and dashes do not matter. */
export function normaliseRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

/** A fresh set of codes, 80 random bits each, shown as XXXX-XXXX-XXXX-XXXX (base32). */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    (base32Encode(randomBytes(10)).match(/.{4}/g) ?? []).join('-'),
  );
}

async function storeRecoveryCodes(tx: Tx, staffId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.execute(sql`DELETE FROM staff_recovery_codes WHERE staff_id = ${staffId}`);
  for (const code of codes) {
    await tx.execute(sql`
      INSERT INTO staff_recovery_codes (staff_id, code_hash) VALUES (${staffId}, ${sha256Hex(normaliseRecoveryCode(code))})`);
  }
  return codes;
}

/**
 * The second factor of a signed-in (password-checked) session: a TOTP code of the person's app (the same
 * 30-second step is never accepted twice), or one of their recovery codes (each used once). On success the
 * session counts as fully signed in and answers true. Wrong codes count as sign-in failures (per client and
 * per account); past SECOND_FACTOR_FAILURE_LIMIT wrong codes of the account in a few minutes or
 * SECOND_FACTOR_DAILY_LIMIT in a day, from any address or session, or past the client's limit, it answers
 * too_many_requests without looking. The counts are read after the person's row lock, so concurrent codes
 * for one account are checked one after the other and a burst cannot all pass the check (issue 27).
 */
export async function verifySecondFactor(
  db: Db,
  sessionId: string,
  code: string,
  client: StaffClient,
  now = new Date(),
): Promise<boolean> {
  const session = await sessionById(db, sessionId);
  if (!session) throw new AppError('console_sign_in_required');
  const key = clientKey(client.address);
  return db.transaction(async (tx) => {
    // Locks the person's row whether or not a second factor is enrolled: it is what serialises the count.
    const { rows } = await tx.execute<{
      totp_secret: string | null;
      totp_last_step: number | string | null;
      totp_enabled_at: Date | string | null;
    }>(sql`
      SELECT totp_secret, totp_last_step, totp_enabled_at FROM staff
      WHERE id = ${session.staffId} FOR UPDATE`);
    const codes = await secondFactorFailures(tx, session.email);
    if (
      (await recentFailures(tx, session.email, key)).client >= CLIENT_FAILURE_LIMIT ||
      codes.recent >= SECOND_FACTOR_FAILURE_LIMIT ||
      codes.day >= SECOND_FACTOR_DAILY_LIMIT
    ) {
      throw new AppError('too_many_requests');
    }
    const person = rows[0]?.totp_enabled_at == null ? undefined : rows[0];
    let method: 'totp' | 'recovery_code' | null = null;
    const typed = code.trim().replace(/\s/g, '');
    if (person?.totp_secret && /^\d{6}$/.test(typed)) {
      const last = person.totp_last_step === null ? null : Number(person.totp_last_step);
      const step = matchTotp(person.totp_secret, typed, now, last);
      if (step !== null) {
        await tx.execute(sql`UPDATE staff SET totp_last_step = ${step} WHERE id = ${session.staffId}`);
        method = 'totp';
      }
    } else if (person && typed.length >= 16 && typed.length <= 40) {
      const used = await tx.execute(sql`
        UPDATE staff_recovery_codes SET used_at = now()
        WHERE staff_id = ${session.staffId} AND code_hash = ${sha256Hex(normaliseRecoveryCode(typed))}
          AND used_at IS NULL
        RETURNING id`);
      if (used.rows.length > 0) method = 'recovery_code';
    }
    // Codes count like passwords: per client and per account (sign-in-limits.ts).
    await recordSignInAttempt(tx, {
      email: session.email,
      client: key,
      succeeded: method !== null,
      factor: 'second_factor',
    });
    if (method) {
      await tx.execute(sql`UPDATE staff_sessions SET second_factor_done_at = now() WHERE id = ${sessionId}`);
    }
    if (!method && codes.day + 1 === SECOND_FACTOR_DAILY_LIMIT) {
      // Exactly once, on the code that used the day up: the organisation's log shows someone is guessing.
      await auditStaff(tx, {
        actor: selfActor(session.staffId, client),
        organisationId: session.organisationId,
        objectId: session.staffId,
        action: 'second_factor_daily_limit_reached',
        after: { limit: SECOND_FACTOR_DAILY_LIMIT },
      });
    }
    await auditStaff(tx, {
      actor: selfActor(session.staffId, client),
      organisationId: session.organisationId,
      objectId: session.staffId,
      action: method ? 'second_factor_accepted' : 'second_factor_failed',
      after: method ? { method } : undefined,
    });
    return method !== null;
  });
}

/**
 * Starts (or restarts) enrolling an authenticator app: a new seed waits beside any current one until a code
 * from it is confirmed. Answers the seed and the otpauth:// URI for the QR code.
 */
export async function startTotpEnrolment(
  db: Db | Tx,
  staffId: number,
): Promise<{ secret: string; otpauthUri: string }> {
  const secret = newTotpSecret();
  const { rows } = await db.execute<{ email: string }>(sql`
    UPDATE staff SET totp_pending_secret = ${secret} WHERE id = ${staffId} AND deleted_at IS NULL RETURNING email`);
  if (!rows[0]) throw new AppError('record_not_found');
  return { secret, otpauthUri: otpauthUri(secret, rows[0].email) };
}

/**
 * Confirms the enrolment with a code from the new seed: the seed becomes the person's second factor, the
 * session counts as having passed it, and a new set of recovery codes is answered (shown once). Null when
 * the code does not match (or nothing was being enrolled).
 */
export async function confirmTotpEnrolment(
  db: Db,
  input: { sessionId: string; code: string; client: StaffClient; now?: Date },
): Promise<{ recoveryCodes: string[] } | null> {
  const session = await sessionById(db, input.sessionId);
  if (!session) throw new AppError('console_sign_in_required');
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ totp_pending_secret: string | null }>(sql`
      SELECT totp_pending_secret FROM staff WHERE id = ${session.staffId} FOR UPDATE`);
    const pending = rows[0]?.totp_pending_secret ?? null;
    const step = pending ? matchTotp(pending, input.code.trim(), input.now ?? new Date(), null) : null;
    if (pending === null || step === null) return null;
    await tx.execute(sql`
      UPDATE staff SET totp_secret = ${pending}, totp_pending_secret = NULL, totp_enabled_at = now(),
        totp_last_step = ${step}
      WHERE id = ${session.staffId}`);
    await tx.execute(
      sql`UPDATE staff_sessions SET second_factor_done_at = now() WHERE id = ${input.sessionId}`,
    );
    const recoveryCodes = await storeRecoveryCodes(tx, session.staffId);
    await auditStaff(tx, {
      actor: selfActor(session.staffId, input.client),
      organisationId: session.organisationId,
      objectId: session.staffId,
      action: 'second_factor_enrolled',
      after: { method: 'totp' },
    });
    return { recoveryCodes };
  });
}

/** A new set of recovery codes for the signed-in person (the old ones stop working), shown once. */
export async function generateRecoveryCodes(
  db: Db,
  sessionId: string,
  client: StaffClient,
): Promise<string[]> {
  const session = await sessionById(db, sessionId);
  if (!session) throw new AppError('console_sign_in_required');
  if (!session.totpEnabled) throw new AppError('invalid_request', 'no second factor to recover');
  return db.transaction(async (tx) => {
    const codes = await storeRecoveryCodes(tx, session.staffId);
    await auditStaff(tx, {
      actor: selfActor(session.staffId, client),
      organisationId: session.organisationId,
      objectId: session.staffId,
      action: 'recovery_codes_replaced',
    });
    return codes;
  });
}

/** How many of the person's recovery codes are still unused. */
export async function unusedRecoveryCodes(db: Db | Tx, staffId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM staff_recovery_codes WHERE staff_id = ${staffId} AND used_at IS NULL`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * An owner resets a member's lost second factor (issue 27): seed and recovery codes are removed, the
 * member's sessions end, and the member gets a mail in their language saying who did it. The member must
 * belong to the owner's organisation (else record_not_found); an administrator (`staffNotOwners`) may not
 * reset an owner's.
 */
export async function resetSecondFactor(
  db: Db,
  env: ConsoleLinkEnv,
  input: {
    organisationId: number;
    staffId: number;
    by: { actor: AuditActor; name: string; limits: { staffNotOwners?: true } };
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ email: string; lang: LangCode; owner_like: boolean }>(sql`
      SELECT st.email, st.lang, ${OWNER_LIKE_ROLE_SQL} AS owner_like
      FROM staff_memberships m JOIN staff st ON st.id = m.staff_id JOIN staff_roles r ON r.id = m.role_id
      WHERE m.staff_id = ${input.staffId} AND m.organisation_id = ${input.organisationId}
        AND st.deleted_at IS NULL
      FOR UPDATE OF st`);
    const member = rows[0];
    if (!member) throw new AppError('record_not_found');
    // Owner-like whatever the role is called: a custom role with staff write and no staffNotOwners too.
    if (input.by.limits.staffNotOwners && member.owner_like) throw new AppError('record_not_found');
    await tx.execute(sql`
      UPDATE staff SET totp_secret = NULL, totp_pending_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL
      WHERE id = ${input.staffId}`);
    await tx.execute(sql`DELETE FROM staff_recovery_codes WHERE staff_id = ${input.staffId}`);
    await endStaffSessions(tx, input.staffId);
    const organisation = await organisationById(tx, input.organisationId);
    const siteCode = await mailSiteFor(tx, input.organisationId);
    if (siteCode && organisation) {
      await enqueueMail(tx, {
        kind: 'staff_second_factor_reset',
        siteCode,
        to: member.email,
        lang: member.lang,
        payload: {
          organisationName: organisation.name,
          resetByName: input.by.name,
          signInUrl: consoleUrl(env, '/'),
        },
      });
    }
    await auditStaff(tx, {
      actor: input.by.actor,
      organisationId: input.organisationId,
      objectId: input.staffId,
      action: 'second_factor_reset',
    });
  });
}
