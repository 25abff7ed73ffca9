import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { checkPasswordRules } from './password-rules.ts';
import { createSession, endSession, endStaffSessions, sessionById } from './sessions.ts';
import {
  CLIENT_FAILURE_LIMIT,
  clientKey,
  settleSignInAttempt,
  startSignInAttempt,
} from './sign-in-limits.ts';
import { auditStaff, selfActor } from './staff-audit.ts';
import type { NewSession, StaffClient } from './staff-types.ts';

/** Ends the session (sign-out), audited. Answers whether it was open. */
export async function signOut(db: Db, sessionId: string, client: StaffClient): Promise<boolean> {
  const session = await sessionById(db, sessionId);
  return db.transaction(async (tx) => {
    const ended = await endSession(tx, sessionId);
    if (ended && session) {
      await auditStaff(tx, {
        actor: selfActor(session.staffId, client),
        organisationId: session.organisationId,
        objectId: session.staffId,
        action: 'signed_out',
      });
    }
    return ended;
  });
}

/** Ends every other session of the signed-in person ("sign out everywhere else"). Answers how many. */
export async function endOtherSessions(db: Db, sessionId: string, client: StaffClient): Promise<number> {
  const session = await sessionById(db, sessionId);
  if (!session) throw new AppError('console_sign_in_required');
  return db.transaction(async (tx) => {
    const ended = await endStaffSessions(tx, session.staffId, sessionId);
    await auditStaff(tx, {
      actor: selfActor(session.staffId, client),
      organisationId: session.organisationId,
      objectId: session.staffId,
      action: 'other_sessions_ended',
      after: { ended },
    });
    return ended;
  });
}

async function passwordHashOf(db: Db, staffId: number): Promise<string | null> {
  const { rows } = await db.execute<{ password_hash: string | null }>(
    sql`SELECT password_hash FROM staff WHERE id = ${staffId} AND deleted_at IS NULL`,
  );
  return rows[0]?.password_hash ?? null;
}

/**
 * The password again, for a sensitive change (refunds, role changes, token creation, second factor): the
 * session counts as re-authenticated for REAUTHENTICATION_WINDOW_MS. A wrong password counts as a failed
 * sign-in (same per-client limit) and answers false; past the limit it answers false without checking.
 */
export async function reauthenticate(
  db: Db,
  sessionId: string,
  password: string,
  client: StaffClient,
): Promise<boolean> {
  const session = await sessionById(db, sessionId);
  if (!session) throw new AppError('console_sign_in_required');
  // Counted before the work, like a sign-in (sign-in-limits.ts): a burst cannot all read "under the limit".
  const attempt = await startSignInAttempt(db, { email: session.email, client: clientKey(client.address) });
  if (attempt.client > CLIENT_FAILURE_LIMIT) return false;
  const ok = await verifyPassword(await passwordHashOf(db, session.staffId), password);
  await db.transaction(async (tx) => {
    if (ok) await settleSignInAttempt(tx, attempt.id, 'succeeded');
    if (ok)
      await tx.execute(sql`UPDATE staff_sessions SET reauthenticated_at = now() WHERE id = ${sessionId}`);
    await auditStaff(tx, {
      actor: selfActor(session.staffId, client),
      organisationId: session.organisationId,
      objectId: session.staffId,
      action: ok ? 'reauthenticated' : 'reauthentication_failed',
    });
  });
  return ok;
}

/**
 * Changes the signed-in person's password: the current one is checked (counted and limited per client like
 * a sign-in: too_many_requests past the limit), the new one must pass the rules.
 * Every session of the person ends (issue 27), this one included; the answer is a new session for this
 * browser, with the second factor as it stood.
 */
export async function changePassword(
  db: Db,
  input: { sessionId: string; currentPassword: string; newPassword: string; client: StaffClient },
): Promise<NewSession> {
  const session = await sessionById(db, input.sessionId);
  if (!session) throw new AppError('console_sign_in_required');
  if (checkPasswordRules(input.newPassword, session.email) !== null)
    throw new AppError('console_password_rules');
  // The current password is a guess like any other: a stolen session must not try it unthrottled, so it
  // is counted and limited per client exactly as a sign-in or a re-authentication is.
  const attempt = await startSignInAttempt(db, {
    email: session.email,
    client: clientKey(input.client.address),
  });
  if (attempt.client > CLIENT_FAILURE_LIMIT) throw new AppError('too_many_requests');
  if (!(await verifyPassword(await passwordHashOf(db, session.staffId), input.currentPassword))) {
    throw new AppError('console_sign_in_failed');
  }
  const hash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    await settleSignInAttempt(tx, attempt.id, 'succeeded');
    await tx.execute(sql`UPDATE staff SET password_hash = ${hash} WHERE id = ${session.staffId}`);
    await endStaffSessions(tx, session.staffId);
    const next = await createSession(tx, {
      staffId: session.staffId,
      organisationId: session.organisationId,
      client: input.client,
      secondFactorDone: session.secondFactor === 'done',
    });
    await auditStaff(tx, {
      actor: selfActor(session.staffId, input.client),
      organisationId: session.organisationId,
      objectId: session.staffId,
      action: 'password_changed',
    });
    return next;
  });
}
