import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/**
 * Re-points a reserved order to another slot of its product (moving visitors out of a closed slot, ADR 079),
 * in the caller's transaction, after the caller took the order's lock (lockOrderById) and moved its places
 * (stock/move-sold-stock.ts). Only from the slot the caller read: answers false, changing nothing, when the
 * order is no longer reserved there.
 */
export async function moveOrderToSlot(
  tx: Tx,
  orderId: number,
  move: { fromSlotId: number; toSlotId: number },
): Promise<boolean> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    UPDATE orders o SET time_span_id = ${move.toSlotId}, updated_at = now()
    FROM time_spans t
    WHERE o.id = ${orderId} AND o.status = 'reserved' AND o.time_span_id = ${move.fromSlotId}
      AND t.id = ${move.toSlotId} AND t.product_id = o.product_id
    RETURNING o.id`);
  return rows.length > 0;
}
