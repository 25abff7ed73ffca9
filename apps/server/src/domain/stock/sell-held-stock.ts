import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { noteStockChange } from './stock-changes.ts';
import { lockClaimedSpans, lockClaimedSpansForOneUpdate, type SpanClaim } from './span-quantities.ts';

/**
 * Turns the held stock of orders that just became reserved into sold stock, inside the transaction that
 * moved them (so a sale happens exactly once: the status change paying → reserved is the guard). The
 * total taken (held + sold) does not change, so the slot's capacity CHECK cannot fail here.
 */
export async function sellHeldStock(tx: Tx, reserved: SpanClaim[]): Promise<void> {
  if (reserved.length === 0) return;
  const { spanIds, quantities } = await lockClaimedSpansForOneUpdate(tx, reserved);
  await tx.execute(sql`
    UPDATE time_spans t SET held = t.held - r.quantity, sold = t.sold + r.quantity
    FROM unnest(${sql.param(spanIds)}::bigint[], ${sql.param(quantities)}::int[]) AS r(id, quantity)
    WHERE t.id = r.id`);
  // Again when the request or sweep that runs this transaction ends (stock-change-notes.ts, ADR 007).
  noteStockChange();
}

/**
 * A change of date (ADR 029), inside the transaction that completes it: the new slot's held stock becomes
 * sold and the old slot's sold stock is given back, both slots locked in id order (lockClaimedSpans), so
 * changes in opposite directions cannot deadlock. The old slot's `sold` only shrinks and the new slot's
 * held + sold stays the same, so no capacity CHECK can fail here.
 */
export async function sellHeldStockReleasingSold(tx: Tx, sell: SpanClaim, release: SpanClaim): Promise<void> {
  await lockClaimedSpans(tx, [sell, release]);
  await tx.execute(sql`
    UPDATE time_spans SET held = held - ${sell.quantity}, sold = sold + ${sell.quantity}
    WHERE id = ${sell.time_span_id}`);
  await tx.execute(sql`
    UPDATE time_spans SET sold = sold - ${release.quantity} WHERE id = ${release.time_span_id}`);
  // The old slot has seats again (a hold refused on its last stock must read it afresh, hold-stock.ts).
  noteStockChange();
}
