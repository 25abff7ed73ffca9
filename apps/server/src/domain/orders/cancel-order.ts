import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { releaseHolds, type ReleasedOrder } from '../stock/release-holds.ts';

/**
 * DELETE /orders/{id}: gives the hold back (stock and coupon uses) and marks the order cancelled.
 * Answers false when there is nothing to cancel (unknown, already cancelled, expired, checked out).
 */
export async function cancelOrder(db: Db, siteCode: string, token: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const result = await tx.execute<ReleasedOrder & Record<string, unknown>>(sql`
      UPDATE orders SET status = 'cancelled', updated_at = now()
      WHERE order_token = ${token} AND site_code = ${siteCode}
        AND status IN ('holding', 'ready_checkout') AND expires_at > now()
      RETURNING id, time_span_id, quantity`);
    await releaseHolds(tx, result.rows);
    return result.rows.length > 0;
  });
}
