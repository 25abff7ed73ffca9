import { eq } from 'drizzle-orm';
import type { OrderCoupon, SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { orderCoupons } from '../../db/schema.ts';
import { AppError } from '../../shared/app-error.ts';
import { allocateDiscounts } from './coupon-discounts.ts';
import { appliedCoupons, couponName, giveUseBack } from './coupon-store.ts';
import { ticketPrices } from '../orders/order-lines.ts';
import { SALES_CHANNELS } from '@kippu/contract';
import { lockOpenOrder } from '../orders/order-lock.ts';

export interface RemoveOrderCouponInput {
  site: SiteCode;
  orderToken: string;
  orderCouponId: number;
  now?: Date;
}

/**
 * Takes a coupon off a temporary order, gives its use back, and recomputes the discounts of the
 * coupons after it (each is taken from what the earlier ones leave, so removing one changes them).
 * Answers the coupons still on the order. A change of date's order gives none back (`no further discounts`).
 */
export async function removeOrderCoupon(db: Db, input: RemoveOrderCouponInput): Promise<OrderCoupon[]> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    // A change of date's discounts are the purchase's, fixed with its top-up (ADR 040): none comes off.
    const order = await lockOpenOrder(
      tx,
      input.site,
      input.orderToken,
      { kinds: SALES_CHANNELS, changeRefusal: 'no_further_discounts' },
      now,
    );
    const applied = await appliedCoupons(tx, order.id);
    const removed = applied.find((coupon) => coupon.orderCouponId === input.orderCouponId);
    if (!removed) throw new AppError('record_not_found');

    await tx.delete(orderCoupons).where(eq(orderCoupons.id, removed.orderCouponId));
    await giveUseBack(tx, removed.id);

    const kept = applied.filter((coupon) => coupon !== removed);
    const base = { grossPrice: order.price, ticketPrices: await ticketPrices(tx, order.id) };
    const discounts = allocateDiscounts(base, kept);
    const remaining: OrderCoupon[] = [];
    for (const [index, coupon] of kept.entries()) {
      const discount = discounts[index]!;
      if (discount !== coupon.discount) {
        await tx.update(orderCoupons).set({ discount }).where(eq(orderCoupons.id, coupon.orderCouponId));
      }
      remaining.push({
        id: coupon.orderCouponId,
        coupon_code: coupon.code,
        coupon_name: couponName(coupon.names, order.lang),
        coupon_discount: discount,
      });
    }
    return remaining;
  });
}
