import { setTimeout as wait } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { verifyPassword } from './password-hash.ts';
import { createSession, endSession } from './sessions.ts';
import { sha256Hex } from './tokens.ts';
import {
  CLIENT_FAILURE_LIMIT,
  accountDelayMs,
  clientKey,
  settleSignInAttempt,
  startSignInAttempt,
} from './sign-in-limits.ts';
import { auditStaff, selfActor } from './staff-audit.ts';
import type { NewSession, StaffClient } from './staff-types.ts';

export type SignInResult =
  | { kind: 'signed-in'; session: NewSession }
  /** The password was right; a TOTP or recovery code is due on this session before anything else. */
  | { kind: 'second-factor-needed'; session: NewSession }
  /** The password was right; the role asks for a second factor the person has not enrolled yet. */
  | { kind: 'second-factor-enrolment-needed'; session: NewSession }
  /** Wrong address or password (one answer for both), or a client past its limit. */
  | { kind: 'refused'; reason: 'credentials' | 'too-many-attempts' };

export interface SignInInput {
  email: string;
  password: string;
  client: StaffClient;
  /** Signs in to this organisation when the person belongs to several (else the first membership). */
  organisationId?: number;
  /**
   * The session cookie the browser brought, if any: a successful sign-in ends that session, whoever's it
   * was, so a fixed or leftover cookie never outlives the sign-in that replaces it (session fixation).
   */
  replacesCookieValue?: string;
  /** How the per-account slow-down waits (tests record it instead of waiting). */
  sleep?: (ms: number) => Promise<void>;
}

/** An address as accounts are keyed: trimmed, lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

type Account = {
  id: number;
  password_hash: string | null;
  totp_enabled_at: Date | string | null;
  organisation_id: number | string | null;
  require_second_factor: boolean | null;
};

async function accountOf(db: Db, email: string, organisationId?: number): Promise<Account | undefined> {
  const { rows } = await db.execute<Account>(sql`
    SELECT st.id, st.password_hash, st.totp_enabled_at, m.organisation_id, r.require_second_factor
    FROM staff st
    LEFT JOIN LATERAL (
      SELECT organisation_id, role_id FROM staff_memberships
      WHERE staff_id = st.id AND (${organisationId ?? null}::bigint IS NULL OR organisation_id = ${organisationId ?? null})
      ORDER BY id LIMIT 1
    ) m ON true
    LEFT JOIN staff_roles r ON r.id = m.role_id
    WHERE st.email = ${email} AND st.deleted_at IS NULL`);
  return rows[0];
}

/**
 * Signs a staff member in with e-mail and password (issue 27, ADR 063). The attempt is recorded as a
 * failure first and counted with the others (so concurrent attempts cannot all read "under the limit"); a
 * client past CLIENT_FAILURE_LIMIT recent failures is refused before any password work; otherwise the
 * attempt waits accountDelayMs(the account's other recent failures) (slowed, never locked), then the
 * password is verified, against a dummy hash when the account
 * does not exist, so the answer costs the same either way. Every attempt is counted in PostgreSQL; a right
 * password opens a new session (never one the client names), which still needs the second factor when the
 * person has one or the role asks for one.
 */
export async function signIn(db: Db, input: SignInInput): Promise<SignInResult> {
  const email = normaliseEmail(input.email).slice(0, 254);
  const client = clientKey(input.client.address);
  // A refused attempt stays counted: a client that keeps flooding stays refused.
  const attempt = await startSignInAttempt(db, { email, client });
  if (attempt.client > CLIENT_FAILURE_LIMIT) return { kind: 'refused', reason: 'too-many-attempts' };
  const delay = accountDelayMs(attempt.account - 1);
  if (delay > 0) await (input.sleep ?? ((ms: number) => wait(ms)))(delay);

  const account = await accountOf(db, email, input.organisationId);
  const matches = await verifyPassword(account?.password_hash ?? null, input.password);
  const organisationId = account?.organisation_id == null ? null : Number(account.organisation_id);

  if (!matches || !account || organisationId === null) {
    await db.transaction(async (tx) => {
      // The failure is already counted (startSignInAttempt). Only known accounts are audited: an
      // attacker's list of guessed addresses is not the organisation's history.
      if (account) {
        await auditStaff(tx, {
          actor: selfActor(undefined, input.client),
          organisationId,
          objectId: account.id,
          action: 'sign_in_failed',
        });
      }
    });
    return { kind: 'refused', reason: 'credentials' };
  }

  const totpEnabled = account.totp_enabled_at !== null;
  const complete = !totpEnabled && !account.require_second_factor;
  const session = await db.transaction(async (tx) => {
    // A success clears the account's failures only once the sign-in is complete: a right password
    // followed by wrong codes must keep counting (verifySecondFactor records those).
    await settleSignInAttempt(tx, attempt.id, complete ? 'succeeded' : 'not-counted');
    if (input.replacesCookieValue) await endSession(tx, sha256Hex(input.replacesCookieValue));
    const opened = await createSession(tx, {
      staffId: account.id,
      organisationId,
      client: input.client,
      secondFactorDone: false,
    });
    await auditStaff(tx, {
      actor: selfActor(account.id, input.client),
      organisationId,
      objectId: account.id,
      action: totpEnabled || account.require_second_factor ? 'password_accepted' : 'signed_in',
    });
    return opened;
  });
  if (totpEnabled) return { kind: 'second-factor-needed', session };
  if (account.require_second_factor) return { kind: 'second-factor-enrolment-needed', session };
  return { kind: 'signed-in', session };
}
