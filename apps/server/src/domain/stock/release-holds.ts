import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { releaseCouponUsage } from '../coupons/coupon-usage.ts';
import { noteStockChange } from './stock-changes.ts';
import { lockClaimedSpans } from './span-quantities.ts';

/** An order that just stopped holding stock (expired, cancelled) in the caller's transaction. */
export interface ReleasedOrder {
  id: number;
  time_span_id: number;
  quantity: number;
}

/**
 * Gives the stock and coupon uses of released orders back, inside the transaction that changed their
 * status (so a release happens exactly once: the status change is the guard). Spans are locked in id
 * order (lockClaimedSpans) so two releasers, or a releaser and a sale, cannot deadlock.
 */
export async function releaseHolds(tx: Tx, released: ReleasedOrder[]): Promise<void> {
  if (released.length === 0) return;
  const { spanIds, quantities } = await lockClaimedSpans(tx, released);
  await tx.execute(sql`
    UPDATE time_spans t SET held = t.held - r.quantity
    FROM unnest(${sql.param(spanIds)}::bigint[], ${sql.param(quantities)}::int[]) AS r(id, quantity)
    WHERE t.id = r.id`);
  // Again when the request or sweep that runs this transaction ends (ADR 033).
  noteStockChange();
  await releaseCouponUsage(
    tx,
    released.map((order) => order.id),
  );
}
