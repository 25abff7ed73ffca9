import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

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
