import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { releaseHolds, type ReleasedOrder } from './release-holds.ts';

export const SWEEP_BATCH_SIZE = 300;

/**
 * One sweep: marks up to `limit` expired open orders 'expired' and gives their stock and coupon uses
 * back, in one transaction. SKIP LOCKED lets several sweepers (one per server process) work at once on
 * disjoint orders, and skips an order that a checkout or cancel holds right now. Answers how many
 * orders it released.
 */
export async function sweepExpiredHolds(db: Db, limit = SWEEP_BATCH_SIZE): Promise<number> {
  return db.transaction(async (tx) => {
    const result = await tx.execute<ReleasedOrder & Record<string, unknown>>(sql`
      WITH due AS (
        SELECT id FROM orders
        WHERE status IN ('holding', 'ready_checkout') AND expires_at <= now()
        ORDER BY expires_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE orders o SET status = 'expired', updated_at = now()
      FROM due WHERE o.id = due.id
      RETURNING o.id, o.time_span_id, o.quantity`);
    await releaseHolds(tx, result.rows);
    return result.rows.length;
  });
}
