import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { noteStockChange } from './stock-changes.ts';
import { claimsPerSpan, lockClaimedSpans, type SpanClaim } from './span-quantities.ts';

/**
 * Turns the held stock of orders that just became reserved into sold stock, inside the transaction that
 * moved them (so a sale happens exactly once: the status change paying → reserved is the guard). The
 * total taken (held + sold) does not change, so the slot's capacity CHECK cannot fail here.
 *
 * The move is applied when the transaction commits (ADR 130, migration 1202): each slot's row is locked by
 * the deferred trigger inside COMMIT, in slot id order, and released with it. In an on-sale rush every hold
 * and checkout of the slot writes that one row; a lock taken by a statement was held until the server process
 * came back with COMMIT, one busy event-loop turn later, and made them all queue (the sale's UPDATE waited
 * 100 ms on average). Within this transaction the slot's counts read as before the sale.
 */
export async function sellHeldStock(tx: Tx, reserved: SpanClaim[]): Promise<void> {
  if (reserved.length === 0) return;
  const { spanIds, quantities } = claimsPerSpan(reserved);
  await tx.execute(sql`
    INSERT INTO slot_sales_at_commit (time_span_id, quantity)
    SELECT r.id, r.quantity
    FROM unnest(${sql.param(spanIds)}::bigint[], ${sql.param(quantities)}::int[]) AS r(id, quantity)
    ORDER BY r.id`);
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
