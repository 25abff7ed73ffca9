import { sql, type SQL } from 'drizzle-orm';
import { PAYMENT_METHOD_KINDS, type PaymentMethod, type PaymentMethodId } from '@kippu/contract';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { fieldError, type Executor } from './coupon-admin-rows.ts';

/**
 * Payment-method discounts (ADR 103): a coupon with `payment_methods` set is granted on the condition that
 * the order is paid by one of them (a wallet's or a card brand's campaign). Coupons without it take any
 * method.
 */

/** SQL condition: the order `orderId` carries a coupon bound to payment methods. */
export function paymentMethodDiscountSql(orderId: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM order_coupons oc JOIN coupons c ON c.id = oc.coupon_id
                     WHERE oc.order_id = ${orderId} AND c.payment_methods IS NOT NULL)`;
}

/**
 * Under the order's lock at checkout: a payment by `method` may not take a discount granted for other
 * methods. `free` (nothing left to pay) passes: no payment, nothing to hold the condition against.
 */
export async function assertCouponMethodsAllow(
  tx: Tx,
  orderId: number,
  method: PaymentMethodId,
): Promise<void> {
  if (method === 'free') return;
  const { rows } = await tx.execute<{ code: string }>(sql`
    SELECT c.code FROM order_coupons oc JOIN coupons c ON c.id = oc.coupon_id
    WHERE oc.order_id = ${orderId} AND c.payment_methods IS NOT NULL
      AND NOT (${method} = ANY (c.payment_methods))`);
  if (rows[0])
    throw new AppError('coupon_not_applicable', `coupon ${rows[0].code} is for other payment methods`);
}

/**
 * Kinds whose sales never pass checkout with a coupon: `free` always passes (above), and the counter's and a
 * partner's methods (box office, partner API) take no coupon, so a coupon bound to them could never be used.
 */
const NOT_FOR_COUPONS: ReadonlySet<string> = new Set(['free', 'cash', 'terminal', 'account']);

/**
 * The methods a coupon of the site may be bound to (the console's choice, ADR 103): those the site offers
 * (enabled) on any channel, in the site's display order, except the kinds above. A family's own method id
 * (not in PAYMENT_METHOD_KINDS, ADR 059) is a gateway's, so it is kept.
 */
export async function couponPaymentMethods(tx: Executor, site: string): Promise<string[]> {
  const { rows } = await tx.execute<{ method: string }>(sql`
    SELECT method FROM payment_methods WHERE site_code = ${site} AND enabled
    GROUP BY method ORDER BY min(position), method`);
  return rows
    .map((row) => row.method)
    .filter((method) => !NOT_FOR_COUPONS.has(PAYMENT_METHOD_KINDS[method as PaymentMethod] ?? ''));
}

/** Every method of a definition must be one `couponPaymentMethods` lists (else 400 on the field). */
export async function checkPaymentMethods(
  tx: Executor,
  site: string,
  methods: string[] | null,
): Promise<void> {
  if (methods === null) return;
  const offered = new Set(await couponPaymentMethods(tx, site));
  const unknown = methods.filter((method) => !offered.has(method));
  if (unknown.length > 0) {
    throw fieldError('payment_methods', `not a payment method of this site: ${unknown.join(', ')}`);
  }
}
