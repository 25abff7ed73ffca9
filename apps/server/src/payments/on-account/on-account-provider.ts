import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { providerEvent, type PaymentProvider } from '../../domain/payments/payment-provider.ts';

/** The declined code of an on-account attempt on an order no partner booked (a visitor's, whatever a site says). */
export const ON_ACCOUNT_PARTNER_ONLY = 'on_account_partner_only';

/**
 * `on_account` (issue 30, ADR 088): a partner's booking is paid by the partner's debt, invoiced later at
 * the partner's net prices. No money moves when the order is booked and no gateway is asked: `start` answers
 * `done` at once, so the order becomes a reservation through the same settle path as every method. Only an
 * order a partner booked (channel OTA, `orders.partner_id`) is ever paid so: any other attempt is declined
 * here, so a site that enabled the method on a visitor channel by mistake still gives nothing away.
 * A refund is a credit note owed to the partner (its debt shrinks): `refunded` at once, with the credit in
 * the provider events, never a manual refund staff would have to pay out by hand.
 */
export function onAccountProvider(db: Db): PaymentProvider {
  return {
    family: 'on-account',
    publicFields: () => ({}),
    async start(attempt) {
      const { rows } = await db.execute<{ partner_id: number }>(sql`
        SELECT o.partner_id FROM payments p JOIN orders o ON o.id = p.order_id
        WHERE p.id = ${attempt.id} AND o.channel = 'OTA' AND o.partner_id IS NOT NULL`);
      if (!rows[0]) {
        return {
          kind: 'declined',
          providerReference: null,
          code: ON_ACCOUNT_PARTNER_ONLY,
          events: [providerEvent('on_account', { refused: ON_ACCOUNT_PARTNER_ONLY })],
        };
      }
      return {
        kind: 'done',
        providerReference: null,
        events: [
          providerEvent('on_account', { partner_id: Number(rows[0].partner_id), owed: attempt.amount }),
        ],
      };
    },
    // Nothing is ever redirected or called back.
    async complete() {
      return { kind: 'done', events: [] };
    },
    // The debt is exactly what our own row says: it was owed when it was recorded.
    async status() {
      return 'confirmed';
    },
    async refund(_attempt, request) {
      return {
        kind: 'refunded',
        providerReference: null,
        events: [providerEvent('credit_note', { amount: request.amount, refund: request.refundKey })],
      };
    },
  };
}
