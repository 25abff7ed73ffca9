import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { releaseCouponUsage } from '../coupons/coupon-usage.ts';

/** An order that just stopped holding stock (expired, cancelled) in the caller's transaction. */
export interface ReleasedOrder {
  id: number;
  time_span_id: number;
  quantity: number;
}

/**
 * Gives the stock and coupon uses of released orders back, inside the transaction that changed their
 * status (so a release happens exactly once: the status change is the guard). Spans are locked in id
 * order so two releasers touching the same spans cannot deadlock.
 */
export async function releaseHolds(tx: Tx, released: ReleasedOrder[]): Promise<void> {
  if (released.length === 0) return;
  const perSpan = new Map<number, number>();
  for (const order of released) {
    perSpan.set(order.time_span_id, (perSpan.get(order.time_span_id) ?? 0) + order.quantity);
  }
  const spanIds = [...perSpan.keys()].sort((a, b) => a - b);
  const quantities = spanIds.map((id) => perSpan.get(id)!);
  // sql.param: drizzle would otherwise spread a JS array into a list of parameters.
  await tx.execute(
    sql`SELECT id FROM time_spans WHERE id = ANY(${sql.param(spanIds)}::bigint[]) ORDER BY id FOR UPDATE`,
  );
  await tx.execute(sql`
    UPDATE time_spans t SET held = t.held - r.quantity
    FROM unnest(${sql.param(spanIds)}::bigint[], ${sql.param(quantities)}::int[]) AS r(id, quantity)
    WHERE t.id = r.id`);
  await releaseCouponUsage(
    tx,
    released.map((order) => order.id),
  );
}
