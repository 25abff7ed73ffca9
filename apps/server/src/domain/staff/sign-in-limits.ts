import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/** Failed attempts count for this long (per account and per client). */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
/**
 * A client (address) with this many failures in the window is refused before any password work: it bounds
 * a guesser per address and keeps a flood off the hashing slots.
 */
export const CLIENT_FAILURE_LIMIT = 30;
/** Failures of one account before attempts on it are slowed down. */
export const ACCOUNT_FREE_FAILURES = 3;
/** The longest an attempt on a much-attacked account waits: slowed, never locked (issue 27). */
export const ACCOUNT_MAX_DELAY_MS = 8_000;

/**
 * How long an attempt on an account with `failures` recent failures waits before its password is checked:
 * nothing for the first few, then 250 ms doubling up to ACCOUNT_MAX_DELAY_MS. Waiting, not refusing, so an
 * attacker can slow an owner's sign-in down but never lock the owner out.
 */
export function accountDelayMs(failures: number): number {
  if (failures <= ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(ACCOUNT_MAX_DELAY_MS, 250 * 2 ** (failures - ACCOUNT_FREE_FAILURES - 1));
}

/** The key an attempt is counted under for its client: the address, or one shared key when none is known. */
export function clientKey(address: string | null): string {
  return address ?? 'unknown';
}

/**
 * Recent failures for the account (since its last success) and for the client, counted in PostgreSQL: every
 * process sees one count.
 */
export async function recentFailures(
  db: Db | Tx,
  email: string,
  client: string,
): Promise<{ account: number; client: number }> {
  // An account's failures count from its last successful sign-in: the owner's own success clears them.
  const { rows } = await db.execute<{ account: number; client: number }>(sql`
    WITH recent AS (
      SELECT email, client_address, succeeded, attempted_at FROM sign_in_attempts
      WHERE attempted_at > now() - ${`${SIGN_IN_WINDOW_MS} milliseconds`}::interval
        AND (email = ${email} OR client_address = ${client})
    )
    SELECT count(*) FILTER (WHERE email = ${email} AND NOT succeeded AND attempted_at >
             COALESCE((SELECT max(attempted_at) FROM recent WHERE email = ${email} AND succeeded), '-infinity'))::int
             AS account,
           count(*) FILTER (WHERE client_address = ${client} AND NOT succeeded)::int AS client
    FROM recent`);
  return rows[0] ?? { account: 0, client: 0 };
}

export async function recordSignInAttempt(
  tx: Tx | Db,
  attempt: { email: string; client: string; succeeded: boolean; factor?: 'password' | 'second_factor' },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO sign_in_attempts (email, client_address, succeeded, factor)
    VALUES (${attempt.email.slice(0, 254)}, ${attempt.client.slice(0, 100)}, ${attempt.succeeded},
      ${attempt.factor ?? 'password'})`);
  // Now and then, not on every attempt: rows older than a day count for nothing.
  if (Math.random() < 0.01) {
    await tx.execute(sql`DELETE FROM sign_in_attempts WHERE attempted_at < now() - interval '1 day'`);
  }
}

/**
 * Records an attempt as a failure BEFORE any password work, then counts the recent failures including it.
 * Insert first, count second (each its own statement, committed): of N concurrent attempts the k-th to
 * count sees at least k rows, so a burst can never all read "under the limit" (issue 27). The caller flips
 * the row with settleSignInAttempt once the password is known to be right.
 */
export async function startSignInAttempt(
  db: Db,
  attempt: { email: string; client: string },
): Promise<{ id: number; account: number; client: number }> {
  const { rows } = await db.execute<{ id: number | string }>(sql`
    INSERT INTO sign_in_attempts (email, client_address, succeeded, factor)
    VALUES (${attempt.email.slice(0, 254)}, ${attempt.client.slice(0, 100)}, false, 'password')
    RETURNING id`);
  const failures = await recentFailures(db, attempt.email.slice(0, 254), attempt.client.slice(0, 100));
  return { id: Number(rows[0]!.id), ...failures };
}

/**
 * Settles an attempt started as a failure: 'succeeded' makes it the success that clears the account's
 * failures; 'not-counted' removes it (a right password still waiting for its second factor neither fails
 * nor clears anything: the codes count on their own).
 */
export async function settleSignInAttempt(
  tx: Tx | Db,
  id: number,
  outcome: 'succeeded' | 'not-counted',
): Promise<void> {
  if (outcome === 'succeeded') {
    // now(): the success must come after the failures it clears, also those recorded while this one hashed.
    await tx.execute(
      sql`UPDATE sign_in_attempts SET succeeded = true, attempted_at = now() WHERE id = ${id}`,
    );
  } else {
    await tx.execute(sql`DELETE FROM sign_in_attempts WHERE id = ${id}`);
  }
}

/** Wrong second-factor codes an account may send in SECOND_FACTOR_WINDOW_MS, from any address and session. */
export const SECOND_FACTOR_FAILURE_LIMIT = 15;
export const SECOND_FACTOR_WINDOW_MS = 5 * 60_000;

/**
 * Wrong codes an account may send in a day: 15 per 5 minutes alone would allow ~4 300 a day, too many
 * against a million possible codes (issue 27). Reaching it mails the person (second-factor.ts).
 */
export const SECOND_FACTOR_DAILY_LIMIT = 50;
export const SECOND_FACTOR_DAY_MS = 24 * 3600_000;

/** The account's wrong second-factor codes in the short window and in the last day. */
export async function secondFactorFailures(
  db: Db | Tx,
  email: string,
): Promise<{ recent: number; day: number }> {
  const { rows } = await db.execute<{ recent: number; day: number }>(sql`
    SELECT count(*) FILTER (WHERE attempted_at > now() - ${`${SECOND_FACTOR_WINDOW_MS} milliseconds`}::interval)::int
             AS recent,
           count(*)::int AS day
    FROM sign_in_attempts
    WHERE email = ${email} AND factor = 'second_factor' AND NOT succeeded
      AND attempted_at > now() - ${`${SECOND_FACTOR_DAY_MS} milliseconds`}::interval`);
  return rows[0] ?? { recent: 0, day: 0 };
}
