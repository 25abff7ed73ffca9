import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Counts one call of the token in the current minute and answers the minute's count including it (ADR 088).
 * In PostgreSQL, as the console's sign-in limits are: every server process shares the count, and the upsert's
 * row lock makes it exact under concurrency (of N simultaneous calls the k-th sees k). Rows of past minutes
 * are pruned now and then by the counting itself.
 */
export async function countApiTokenRequest(db: Db, tokenId: number): Promise<number> {
  const { rows } = await db.execute<{ requests: number }>(sql`
    INSERT INTO api_token_request_counts (token_id, window_start, requests)
    VALUES (${tokenId}, date_trunc('minute', now()), 1)
    ON CONFLICT (token_id, window_start)
      DO UPDATE SET requests = api_token_request_counts.requests + 1
    RETURNING requests`);
  if (Math.random() < 0.01) {
    await db.execute(
      sql`DELETE FROM api_token_request_counts WHERE window_start < now() - interval '1 hour'`,
    );
  }
  return Number(rows[0]!.requests);
}

/** Seconds until the current minute's count starts afresh (the Retry-After of a 429). */
export function secondsToNextWindow(now: Date = new Date()): number {
  return 60 - now.getUTCSeconds();
}

/**
 * Records the token's last use, at most one write a minute per token: a call within a minute of the last
 * recorded use writes nothing (the condition matches no row), so a busy token does not rewrite its row on
 * every request.
 */
export async function recordApiTokenUse(db: Db, tokenId: number): Promise<void> {
  await db.execute(sql`
    UPDATE api_tokens SET last_used_at = now()
    WHERE id = ${tokenId} AND (last_used_at IS NULL OR last_used_at <= now() - interval '1 minute')`);
}
