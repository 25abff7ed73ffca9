import type { Tx } from '../../db/client.ts';
import { releaseCouponUsage } from '../coupons/coupon-usage.ts';
import {
  forgetUnpaidPartnerBookings,
  lockOrderAllotments,
  returnToAllotment,
} from '../stock/allotted-stock.ts';
import { releaseHeldStock, type ReleasedOrder } from '../stock/release-holds.ts';

export type { ReleasedOrder } from '../stock/release-holds.ts';

/**
 * Gives the stock and coupon uses of released orders back, inside the transaction that changed their
 * status (so a release happens exactly once: the status change is the guard). Stock first, then coupons,
 * always in this order (spans in id order, then coupons in id order): two releasers, or a releaser and a
 * sale, cannot deadlock (issue 7; the coupon-release lock-order test). It composes stock and coupons, so
 * it stands above both (ADR 061).
 */
export async function releaseHolds(tx: Tx, released: ReleasedOrder[]): Promise<void> {
  if (released.length === 0) return;
  // A partner's unpaid order from an allotment gives its seats back to the allotment, not to general sale
  // (ADR 089 addendum); its allotment is locked before the slots, as every allotment move does.
  const orderIds = released.map((order) => order.id);
  const allotments = await lockOrderAllotments(tx, orderIds);
  await releaseHeldStock(tx, released);
  for (const allotment of allotments) {
    const order = released.find((candidate) => candidate.id === allotment.orderId)!;
    const seats = { spanId: order.time_span_id, seats: order.quantity, freed: order.quantity };
    await returnToAllotment(tx, allotment, seats);
  }
  await forgetUnpaidPartnerBookings(tx, orderIds);
  await releaseCouponUsage(
    tx,
    released.map((order) => order.id),
  );
}
