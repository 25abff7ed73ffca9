import { sql } from 'drizzle-orm';
import type { ConfirmOrderMailResponse, LangCode, OrderStatus } from '@kippu/contract';
import type { Db, Tx } from '../../db/client.ts';
import { cancelOrder } from '../order-release/cancel-order.ts';
import { createOrder, type CreateOrderDeps } from '../stock/create-order.ts';
import { setCustomerEmail } from '../orders/order-row.ts';
import { isOpenStatus, orderById, transitionOrders } from '../orders/order-state.ts';

export interface AcceptInvitationDeps {
  db: Db;
  /** The app's order dependencies: its one stock holder (ADR 007) and product cache. */
  orders: CreateOrderDeps;
}

type InvitationRow = {
  id: number;
  email: string;
  lang: LangCode;
  product_uuid: string;
  time_span_id: number;
  tickets: { optionValueId: number; quantity: number }[];
  order_id: number | null;
  order_token: string | null;
  order_status: OrderStatus | null;
  order_lapsed: boolean | null;
};

async function readInvitation(
  executor: Pick<Tx, 'execute'>,
  site: string,
  token: string,
): Promise<InvitationRow | undefined> {
  const { rows } = await executor.execute<InvitationRow>(sql`
    SELECT i.id, i.email, i.lang, p.uuid AS product_uuid, i.time_span_id, i.tickets, i.order_id,
           o.order_token, o.status AS order_status, o.expires_at <= now() AS order_lapsed
    FROM invitations i
    JOIN products p ON p.id = i.product_id
    LEFT JOIN orders o ON o.id = i.order_id
    WHERE i.token = ${token} AND i.site_code = ${site} AND i.revoked_at IS NULL`);
  return rows[0];
}

/** The order made from the invitation, while it still stands for it (open, being paid, or bought). */
function standingOrder(invitation: InvitationRow): string | null {
  const { order_token: token, order_status: status, order_lapsed: lapsed } = invitation;
  if (!token || !status || status === 'expired' || status === 'cancelled') return null;
  if (isOpenStatus(status) && lapsed) return null;
  return token;
}

/**
 * An invitation link followed (ADR 020): holds the invited tickets through the one stock function as a
 * temporary order for the invited address, ready for payment (the address is confirmed by the click).
 * Following it again answers the same order while that order stands; after it expired, a new hold is made.
 * The hold runs outside any transaction (it takes its own connection); two clicks at once may both hold,
 * and the one that loses the invitation's row lock gives its hold back at once. Answers null when the
 * token is no invitation of the site.
 */
export async function acceptInvitation(
  deps: AcceptInvitationDeps,
  site: string,
  token: string,
): Promise<ConfirmOrderMailResponse | null> {
  const invitation = await readInvitation(deps.db, site, token);
  if (!invitation) return null;
  const standing = standingOrder(invitation);
  if (standing) return { order_token: standing };

  const client = { code: site, channel: 'web' as const, clientKey: null };
  const held = await createOrder(deps.orders, client, {
    lang: invitation.lang,
    product_uuid: invitation.product_uuid,
    time_span_id: Number(invitation.time_span_id),
    quantity: invitation.tickets.reduce((sum, t) => sum + t.quantity, 0),
    option_values: invitation.tickets.map((t) => ({
      option_value_id: t.optionValueId,
      quantity: t.quantity,
    })),
    set_products: [],
  });

  const winner = await deps.db.transaction(async (tx) => {
    // Lock first, then read in a new statement: it sees the order another click committed meanwhile (a
    // locking read that waited would re-check the invitation row but not find that order through its join).
    await tx.execute(sql`SELECT id FROM invitations WHERE id = ${invitation.id} FOR UPDATE`);
    const locked = await readInvitation(tx, site, token);
    // Revoked from the console since the first read: no order is made.
    if (!locked) return null;
    const other = standingOrder(locked);
    if (other) return other;
    const orderId = await setCustomerEmail(tx, held.orderToken, invitation.email);
    await transitionOrders(tx, {
      orders: orderById(orderId),
      to: 'ready_checkout',
      reason: 'mail_confirmed',
    });
    await tx.execute(sql`UPDATE invitations SET order_id = ${orderId} WHERE id = ${invitation.id}`);
    return held.orderToken;
  });
  if (winner !== held.orderToken) await cancelOrder(deps.db, site, held.orderToken);
  return winner === null ? null : { order_token: winner };
}
