import { AppError } from '../../shared/app-error.ts';

/**
 * Guard for checkout (spec §4: "order status must be ready_checkout"): the order has its customer
 * info and its hold has not run out. Checkout calls it on the order row it locked.
 */
export function assertReadyForCheckout(
  order: { status: string; expiresAt: Date },
  now: Date = new Date(),
): void {
  if (order.status !== 'ready_checkout' || order.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('order_not_ready_checkout');
  }
}
