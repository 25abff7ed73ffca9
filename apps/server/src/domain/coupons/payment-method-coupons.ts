import { sql, type SQL } from 'drizzle-orm';
import type { PaymentMethodId } from '@kippu/contract';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';

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
export async function assertCouponMethodsAllow(tx: Tx, orderId: number, method: PaymentMethodId): Promise<void> {
  if (method === 'free') return;
  const { rows } = await tx.execute<{ code: string }>(sql`
    SELECT c.code FROM order_coupons oc JOIN coupons c ON c.id = oc.coupon_id
    WHERE oc.order_id = ${orderId} AND c.payment_methods IS NOT NULL
      AND NOT (${method} = ANY (c.payment_methods))`);
  if (rows[0]) throw new AppError('coupon_not_applicable', `coupon ${rows[0].code} is for other payment methods`);
}
