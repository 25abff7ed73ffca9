import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { slotBeforeSaleCutoffSql } from './slot-sale.ts';
import { noteStockChange } from './stock-changes.ts';
import { lockClaimedSpans } from './span-quantities.ts';

/**
 * Moves a standing reservation's sold places from one slot to another (moving visitors, issue 29, ADR 079)
 * inside the caller's transaction, so the move and the reservation's new slot commit together or not at all.
 * Both slots are locked in id order (lockClaimedSpans, as every path that moves held or sold of several
 * slots); the target takes the places with the hold's own conditions (ADR 007): on sale, before its cut-off,
 * its product published and `capacity - held - sold >= quantity`, checked in the UPDATE itself, so a full
 * slot is never oversold (and `CHECK (held + sold <= capacity)` stays the last line). Answers false, having
 * changed nothing, when the target cannot take them: the caller falls back (out_of_stock).
 */
export async function moveSoldStock(
  tx: Tx,
  move: { fromSlotId: number; toSlotId: number; quantity: number },
): Promise<boolean> {
  const { fromSlotId, toSlotId, quantity } = move;
  await lockClaimedSpans(tx, [
    { time_span_id: fromSlotId, quantity },
    { time_span_id: toSlotId, quantity },
  ]);
  const { rows } = await tx.execute<{ id: number }>(sql`
    UPDATE time_spans t SET sold = t.sold + ${quantity}
    FROM products p
    WHERE t.id = ${toSlotId} AND p.id = t.product_id AND p.status = 'published' AND t.on_sale
      AND ${sql.raw(slotBeforeSaleCutoffSql('t', 'p'))} AND t.capacity - t.held - t.sold - t.allotted >= ${quantity}
    RETURNING t.id`);
  if (rows.length === 0) return false;
  // The source's places go back whatever its time: the visit no longer happens there.
  await tx.execute(sql`UPDATE time_spans SET sold = sold - ${quantity} WHERE id = ${fromSlotId}`);
  // Again when the job or request that runs this transaction ends (stock-change-notes.ts, ADR 007).
  noteStockChange();
  return true;
}
