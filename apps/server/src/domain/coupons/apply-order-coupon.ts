import { SALES_CHANNELS, type OrderCoupon, type SalesChannel, type SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { orderCoupons } from '../../db/schema.ts';
import { AppError } from '../../shared/app-error.ts';
import { allocateDiscounts } from './coupon-discounts.ts';
import { firstBrokenRule } from './coupon-rules.ts';
import { appliedCoupons, couponName, findCoupon, takeUse } from './coupon-store.ts';
import { ticketPrices } from '../orders/order-lines.ts';
import { lockOpenOrder } from '../orders/order-lock.ts';

/** Without a channel in the call, an order of any channel takes coupons; a change of date's does not. */
const SALE_KINDS: readonly SalesChannel[] = SALES_CHANNELS;

export interface ApplyOrderCouponInput {
  site: SiteCode;
  orderToken: string;
  couponCode: string;
  /** The call's channel when it names one (`POST /spot/ordercoupons` is 'spot'): another channel's order is refused. */
  channel?: SalesChannel;
  now?: Date;
}

/**
 * Puts a coupon on a temporary order and takes one of its uses, in one transaction: the order row is
 * locked so the rules see every coupon already on it, and the use is taken by a conditional update so
 * a limited coupon is never over-used by concurrent orders (ADR 008). A change of date's order takes
 * none (`no further discounts`), refused before a use is taken.
 */
export async function applyOrderCoupon(db: Db, input: ApplyOrderCouponInput): Promise<OrderCoupon> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    // A change of date's order carries the purchase's coupons (they move to it when the change completes)
    // and its top-up is fixed from them (ADR 040): a coupon here would lower what it says, not the charge.
    const order = await lockOpenOrder(
      tx,
      input.site,
      input.orderToken,
      { kinds: input.channel ? [input.channel] : SALE_KINDS, changeRefusal: 'no_further_discounts' },
      now,
    );
    const found = await findCoupon(tx, input.site, input.couponCode);
    if (!found) throw new AppError('coupon_code_not_exist');
    const { coupon, campaignCoverage } = found;
    const applied = await appliedCoupons(tx, order.id);

    const broken = firstBrokenRule({ now, order, coupon, campaignCoverage, applied });
    if (broken) throw new AppError(broken);

    const base = { grossPrice: order.price, ticketPrices: await ticketPrices(tx, order.id) };
    const discount = allocateDiscounts(base, [...applied, coupon]).at(-1)!;

    if (!(await takeUse(tx, coupon.id))) throw new AppError('coupon_limit_reached');
    const [row] = await tx
      .insert(orderCoupons)
      .values({ orderId: order.id, couponId: coupon.id, discount })
      .returning({ id: orderCoupons.id });
    return {
      id: row!.id,
      coupon_code: coupon.code,
      coupon_name: couponName(coupon.names, order.lang),
      coupon_discount: discount,
    };
  });
}
