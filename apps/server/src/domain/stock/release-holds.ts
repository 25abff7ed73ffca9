import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { noteStockChange } from './stock-changes.ts';
import { lockClaimedSpansForOneUpdate } from './span-quantities.ts';

/** An order that just stopped holding stock (expired, cancelled) in the caller's transaction. */
export interface ReleasedOrder {
  id: number;
  time_span_id: number;
  quantity: number;
}

/**
 * Gives the stock of released orders back, inside the transaction that changed their status (so a
 * release happens exactly once: the status change is the guard). Several spans are locked in id order
 * first, one by its UPDATE alone (lockClaimedSpansForOneUpdate, ADR 126), so two releasers, or a releaser and
 * a sale, cannot deadlock. The orders' coupon uses go back after this (order-release/release-holds.ts, ADR 061).
 */
export async function releaseHeldStock(tx: Tx, released: ReleasedOrder[]): Promise<void> {
  if (released.length === 0) return;
  const { spanIds, quantities } = await lockClaimedSpansForOneUpdate(tx, released);
  await tx.execute(sql`
    UPDATE time_spans t SET held = t.held - r.quantity
    FROM unnest(${sql.param(spanIds)}::bigint[], ${sql.param(quantities)}::int[]) AS r(id, quantity)
    WHERE t.id = r.id`);
  // Again when the request or sweep that runs this transaction ends (stock-change-notes.ts, ADR 007).
  noteStockChange();
}
