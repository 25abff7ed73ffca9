import { sql } from 'drizzle-orm';
import type { ConfirmOrderMailResponse, OrderStatus } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { isTimedOut, orderById, transitionOrders } from '../orders/order-state.ts';

type LinkRow = {
  order_id: number;
  order_token: string;
  status: OrderStatus;
  lapsed: boolean;
  email: string;
  order_email: string | null;
};

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
    const { rows } = await tx.execute<LinkRow>(sql`
      SELECT o.id AS order_id, o.order_token, o.status, o.expires_at <= now() AS lapsed, m.email,
             (SELECT entry->>'value' FROM jsonb_array_elements(o.customer_info) entry
              WHERE entry->>'key' = 'email' LIMIT 1) AS order_email
      FROM mail_tokens m JOIN orders o ON o.id = m.order_id
      WHERE m.token = ${token} AND m.site_code = ${site}
      FOR UPDATE OF o, m`);
    const link = rows[0];
    if (!link) return null;
    if (link.status === 'cancelled') throw new AppError('record_not_found');
    if (isTimedOut(link.status, link.lapsed)) throw new AppError('session_timeout');
    if (link.status === 'holding') {
      // The visitor changed the address after this link was sent: it confirms an address the order no
      // longer has, so it is no longer a link to this order.
      if (link.order_email?.toLowerCase() !== link.email.toLowerCase())
        throw new AppError('record_not_found');
      await transitionOrders(tx, {
        orders: orderById(Number(link.order_id)),
        to: 'ready_checkout',
        reason: 'mail_confirmed',
      });
    }
    await tx.execute(
      sql`UPDATE mail_tokens SET confirmed_at = COALESCE(confirmed_at, now()) WHERE token = ${token}`,
    );
    return { order_token: link.order_token };
  });
}
