import type { SiteCode } from '@kippu/contract';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { lockOrder, type CouponOrder } from '../coupons/coupon-store.ts';
import { isOpenStatus } from './order-state.ts';

/**
 * The locked order whose coupons may still change: a temporary order that is neither paid for nor
 * expired. A cancelled order is gone for the visitor ('record not found'); an expired one, or one
 * whose hold ran out before the sweeper got to it, answers 'session_timeout'.
 */
export async function lockOpenOrder(
  tx: Tx,
  site: SiteCode,
  orderToken: string,
  now: Date,
): Promise<CouponOrder> {
  const order = await lockOrder(tx, site, orderToken);
  if (!order || order.status === 'cancelled') throw new AppError('record_not_found');
  if (order.status === 'expired') throw new AppError('session_timeout');
  if (!isOpenStatus(order.status)) throw new AppError('order_not_ready_checkout');
  if (order.expiresAt <= now) throw new AppError('session_timeout');
  return order;
}
