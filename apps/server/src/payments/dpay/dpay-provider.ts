import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Row } from '../../db/generated/rows.ts';
import type { PaymentFlow } from '@kippu/contract';
import { orderFlowSql } from '../../domain/checkout/attempt-answer.ts';
import {
  PAYMENT_CANCELED,
  providerEvent,
  type CompleteOutcome,
  type GatewayStatus,
  type PaymentProvider,
} from '../../domain/payments/payment-provider.ts';
import type { DpayTransport } from './dpay-protocol.ts';

/**
 * d払い, carrier billing (method d_pay, ADR 028). Checkout only opens the attempt: it writes the
 * OpenID-Connect-style state and nonce and sends the browser to /d-pay-confirm, which asks for the
 * authorisation parameters (GET /d-account/v1/auth/{orderToken}), keeps the state as dPayStateCode and goes
 * to the carrier's login. Back with a code (checked against the state), the browser asks for the payment
 * token (GET /d-pay/v1/scptok/{orderToken}) and posts it to the carrier's payment page, which posts the
 * result to our return route. The carrier signs nothing there, so every outcome is read from the carrier
 * (`status` by our order id), never from the browser.
 */
export interface DpayOptions {
  db: Db;
  transport: DpayTransport;
  /**
   * The SPA screen the browser opens after checkout: `${origin}/${slug}/#/d-pay-confirm?flow=…`, the flow
   * of the attempt's order named (a booking's, or a change of date's top-up: the screen then asks for the
   * change's authorisation, not the booking's; ADR 028 addendum).
   */
  confirmScreenUrl: (siteSlug: string, flow: PaymentFlow) => string;
  /** Where the carrier's login is (an absolute URL; the simulator's is ours). */
  authorizationUrl: string;
  testMode: boolean;
  contentSecurity?: PaymentProvider['contentSecurity'];
}

export function createDpayProvider(options: DpayOptions): PaymentProvider {
  const { db, transport } = options;

  async function status(attempt: { idempotencyKey: string }): Promise<GatewayStatus> {
    const found = await transport.status(attempt.idempotencyKey);
    if (found === 'paid') return 'confirmed';
    if (found === 'declined' || found === 'canceled' || found === 'refunded') return 'failed';
    // No payment token asked for yet: nothing can be charged on this attempt.
    if (found === 'not_found') return 'not_found';
    return 'pending';
  }

  return {
    family: 'dpay',
    ...(options.contentSecurity ? { contentSecurity: options.contentSecurity } : {}),

    publicFields() {
      return { test_mode: options.testMode };
    },

    async start(attempt) {
      const { rows } = await db.execute<Pick<Row<'sites'>, 'slug'> & { flow: PaymentFlow }>(sql`
        WITH authorization_row AS (
          INSERT INTO dpay_authorizations (payment_id, state, nonce)
          VALUES (${attempt.id}, ${randomBytes(24).toString('base64url')}, ${randomBytes(24).toString('base64url')})
        )
        SELECT s.slug, ${orderFlowSql(sql.raw('o'))} AS flow
        FROM payments p JOIN orders o ON o.id = p.order_id JOIN sites s ON s.code = o.site_code
        WHERE p.id = ${attempt.id}`);
      return {
        kind: 'redirect',
        providerReference: `dpay-${attempt.idempotencyKey}`,
        redirectUrl: options.confirmScreenUrl(rows[0]!.slug, rows[0]!.flow),
        events: [providerEvent('authorization', { opened: true })],
      };
    },

    status,

    async complete(attempt, callback): Promise<CompleteOutcome> {
      const found = await transport.status(attempt.idempotencyKey);
      const events = [providerEvent('payment_status', { status: found })];
      // The login was cancelled and the carrier has no payment for us: nothing can be charged any more
      // (a payment token is only issued for an attempt still waiting).
      if (callback.error && found === 'not_found')
        return { kind: 'declined', code: PAYMENT_CANCELED, events };
      if (found === 'paid') return { kind: 'done', events };
      if (found === 'canceled') return { kind: 'declined', code: PAYMENT_CANCELED, events };
      if (found === 'declined' || found === 'refunded') return { kind: 'declined', code: found, events };
      return { kind: 'pending', events };
    },

    /**
     * ADR 077: the carrier's cancel with an amount (all that is left, or a part) and our refund key as its
     * refund id, by which the carrier itself never gives back twice. No answer: GatewayUnavailableError
     * (the transport's), and the same key is sent again later.
     */
    async refund(attempt, request) {
      const answer = await transport.refund(attempt.idempotencyKey, {
        amount: request.amount,
        refundId: request.refundKey,
      });
      const events = [providerEvent('refund', { amount: request.amount, ...answer })];
      return answer.ok
        ? { kind: 'refunded', providerReference: answer.refundId, events }
        : { kind: 'failed', code: answer.code, events };
    },
  };
}
