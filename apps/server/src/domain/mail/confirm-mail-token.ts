import { sql } from 'drizzle-orm';
import type { ConfirmOrderMailResponse } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { lockOrderWithMailToken } from '../orders/order-lock.ts';
import { isTimedOut, orderById, transitionOrders } from '../orders/order-state.ts';

/**
 * A mail-confirmation link followed (ADR 020): the address it was sent to is confirmed, and a holding
 * order moves to ready_checkout through the state machine (reason `mail_confirmed`). Idempotent: the same
 * link again answers the same order. Answers null when the token is no mail-confirmation token of the site.
 */
export async function confirmMailToken(
  db: Db,
  site: string,
  token: string,
): Promise<ConfirmOrderMailResponse | null> {
  return db.transaction(async (tx) => {
    const link = await lockOrderWithMailToken(tx, site, token);
    if (!link) return null;
    if (link.status === 'cancelled') throw new AppError('record_not_found');
    if (isTimedOut(link.status, link.lapsed)) throw new AppError('session_timeout');
    if (link.status === 'holding') {
      // The visitor changed the address after this link was sent: it confirms an address the order no
      // longer has, so it is no longer a link to this order.
      if (link.orderEmail?.toLowerCase() !== link.tokenEmail.toLowerCase())
        throw new AppError('record_not_found');
      await transitionOrders(tx, {
        orders: orderById(link.orderId),
        to: 'ready_checkout',
        reason: 'mail_confirmed',
      });
    }
    await tx.execute(
      sql`UPDATE mail_tokens SET confirmed_at = COALESCE(confirmed_at, now()) WHERE token = ${token}`,
    );
    return { order_token: link.orderToken };
  });
}
