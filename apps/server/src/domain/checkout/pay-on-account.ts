import { sql } from 'drizzle-orm';
import type { CheckoutResponse, SiteCode } from '@kippu/contract';
import type { Tx } from '../../db/client.ts';
import type { Row } from '../../db/generated/rows.ts';
import { AppError } from '../../shared/app-error.ts';
import { lockOrder, requireKind } from '../orders/order-lock.ts';
import { orderById, transitionOrders } from '../orders/order-state.ts';
import { insertAttempt } from '../payments/payment-attempts.ts';
import { partnerNetTotal } from '../partners/partner-net-total.ts';
import {
  answerForOrderState,
  methodEnabled,
  payBegunAttempt,
  type Begun,
  type CheckoutDeps,
} from './checkout.ts';
import { runningAttempts } from './running-attempts.ts';

/** The method of a partner's booking (issue 30, ADR 088). */
const ON_ACCOUNT = 'on_account';

/**
 * Pays a partner's order on account (issue 30, ADR 088): the partner booking path's checkout, as the box
 * office's sale calls checkout with cash. The order must be the partner's (`orders.partner_id`, channel OTA)
 * and ready for checkout (held, its form done); the site must offer `on_account` on channel OTA; the amount
 * is what the partner owes at its net prices (never ¥0, never the visitor's price). The attempt then goes
 * through the one settle path (payBegunAttempt → settleAttempt), so the order becomes a reservation with
 * sold stock, tickets, the `order` `paid` audit event, the order-paid listeners (mail, webhooks) exactly as
 * for every method. Idempotent like checkout: a repeat after the reservation answers the same reservation.
 * Another partner's or another site's order answers 404.
 */
export async function payOrderOnAccount(
  deps: CheckoutDeps,
  site: SiteCode,
  orderToken: string,
  partnerId: number,
): Promise<CheckoutResponse> {
  let begun: Begun | undefined;
  try {
    begun = await deps.db.transaction(async (tx) => {
      begun = await beginOnAccount(tx, deps, site, orderToken, partnerId);
      return begun;
    });
  } catch (error) {
    if (begun?.kind === 'started') runningAttempts.delete(begun.attempt.id);
    throw error;
  }
  return payBegunAttempt(deps, begun, { payment_method_type: ON_ACCOUNT });
}

type PartnerOrder = Pick<Row<'orders'>, 'id' | 'status' | 'channel' | 'partner_id'> & {
  lapsed: boolean;
  currency: string;
};

async function beginOnAccount(
  tx: Tx,
  deps: CheckoutDeps,
  site: SiteCode,
  orderToken: string,
  partnerId: number,
): Promise<Begun> {
  const locked = await lockOrder(tx, site, orderToken);
  const { rows } = locked
    ? await tx.execute<PartnerOrder>(sql`
        SELECT o.id, o.status, o.channel, o.partner_id, o.expires_at <= now() AS lapsed,
               COALESCE(s.settings ->> 'currency', 'JPY') AS currency
        FROM orders o JOIN sites s ON s.code = o.site_code WHERE o.id = ${locked.id}`)
    : { rows: [] };
  const order = rows[0];
  if (!locked || !order || order.status === 'cancelled' || Number(order.partner_id) !== partnerId) {
    throw new AppError('record_not_found');
  }
  requireKind(locked, { kinds: ['OTA'], changeRefusal: 'record_not_found' });
  const earlier = await answerForOrderState(tx, order);
  if (earlier) return earlier;
  if (!(await methodEnabled(tx, site, 'OTA', ON_ACCOUNT))) {
    throw new AppError('invalid_request', 'this site takes no on-account bookings');
  }
  const provider = deps.payments.providerFor(ON_ACCOUNT);
  if (!provider) throw new AppError('payment_api_failure', 'no on-account payment family');
  const amount = await partnerNetTotal(tx, partnerId, order.id);

  await transitionOrders(tx, { orders: orderById(order.id), to: 'paying', reason: 'checkout' });
  const attempt = await insertAttempt(tx, {
    orderId: order.id,
    siteCode: site,
    method: ON_ACCOUNT,
    amount,
    currency: order.currency,
    instanceId: deps.instanceId,
  });
  runningAttempts.add(attempt.id);
  return { kind: 'started', attempt, provider };
}
