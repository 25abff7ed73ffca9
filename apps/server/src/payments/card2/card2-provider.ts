import type { ENVIRONMENTS, SiteCode, SiteSettings } from '@kippu/contract';
import {
  GatewayUnavailableError,
  MERCHANT_NOT_CONFIGURED,
  providerEvent,
  THREE_D_SECURE_FAILED,
  type CompleteOutcome,
  type GatewayStatus,
  type PaymentAttempt,
  type PaymentProvider,
  type ProviderEvent,
  type StartOutcome,
} from '../../domain/payments/payment-provider.ts';
import { cardProcessorOrigins, type CardProcessorSite } from './card2-config.ts';
import { readAnswer, type Card2StatusAnswer, type Card2Transport } from './card2-protocol.ts';

/** The processor's references: how a stored attempt is known to be this processor's (ADR 101). */
export const CARD2_REFERENCE = /^c2tx_/;
/** The processor's code for a failed 3-D Secure authentication. */
const THREE_DS_FAILED = '3ds_failed';

export interface Card2ProviderOptions {
  /** gmo_3ds: 3-D Secure on every card (the issuer decides whether to challenge); gmo: none. */
  threeDSecure: boolean;
  transport: Card2Transport;
  /** The processor a site's stored settings declare (read when an attempt starts, completes or refunds). */
  processorOf(site: SiteCode): Promise<CardProcessorSite | null>;
  /** The same from settings already read (the payment screen's fields). */
  processorFromSettings(
    payment: Partial<SiteSettings['payment']> | undefined,
    environment?: (typeof ENVIRONMENTS)[number],
  ): CardProcessorSite | null;
  /** Where the challenge returns the browser: the 3-D Secure return of the method (our route). */
  returnUrl(attempt: PaymentAttempt): string;
}

const statusOf = (answer: Card2StatusAnswer): GatewayStatus => {
  switch (answer.status) {
    case 'captured':
    case 'refunded':
      return 'confirmed';
    case 'declined':
      return 'failed';
    case 'not_found':
      return 'not_found';
    default:
      return 'pending';
  }
};

/**
 * The card methods (`gmo`, `gmo_3ds`) on a site whose settings declare a second or third card processor
 * (ADR 101): the browser tokenises the card with the processor's token script (and, with 3-D Secure, sends
 * the browser's device data with its 3-D Secure script); our server charges the token by the attempt's
 * idempotency key as the processor's order id, so a retried call never charges twice; a challenge sends the
 * browser to the issuer's page and back to the method's 3-D Secure return, where `complete` captures.
 */
export function createCard2Provider(options: Card2ProviderOptions): PaymentProvider {
  const { transport } = options;

  async function siteOf(attempt: PaymentAttempt) {
    const site = await options.processorOf(attempt.siteCode);
    return site ? { ...site, siteCode: attempt.siteCode } : null;
  }

  async function askStatus(attempt: PaymentAttempt): Promise<Card2StatusAnswer> {
    const site = await siteOf(attempt);
    if (!site) throw new GatewayUnavailableError(`card processor of ${attempt.siteCode} is not configured`);
    return readAnswer(
      'status',
      await transport(site, 'status', { merchant_id: site.merchantId, order_id: attempt.idempotencyKey }),
    );
  }

  return {
    family: 'card2',

    contentSecurityFor(payment, environment) {
      const processor = options.processorFromSettings(payment, environment);
      return processor ? cardProcessorOrigins(processor) : {};
    },

    publicFields(site) {
      const processor = options.processorFromSettings(site.payment);
      if (!processor) return {};
      return {
        token_script_url: processor.tokenScriptUrl,
        shop_id: processor.merchantId,
        test_mode: processor.postUrl.startsWith('/'),
        card_processor: processor.processor,
        ...(options.threeDSecure ? { three_ds_script_url: processor.threeDsScriptUrl } : {}),
      };
    },

    async start(attempt, input): Promise<StartOutcome> {
      const events: ProviderEvent[] = [];
      if (!input.token) return { kind: 'declined', providerReference: null, code: 'token_missing', events };
      const site = await siteOf(attempt);
      if (!site) return { kind: 'declined', providerReference: null, code: MERCHANT_NOT_CONFIGURED, events };
      // No mark, no charge (ADR 047): a charge never sent is provably not taken.
      if (input.beforeCharge && !(await input.beforeCharge())) {
        events.push(providerEvent('charge', { sent: false }));
        return { kind: 'declined', providerReference: null, code: 'not_executed', events };
      }
      const answer = readAnswer(
        'charge',
        await transport(site, 'charge', {
          merchant_id: site.merchantId,
          service_id: site.serviceId,
          order_id: attempt.idempotencyKey,
          amount: attempt.amount,
          token: input.token,
          three_ds: options.threeDSecure,
          ...(options.threeDSecure ? { return_url: options.returnUrl(attempt) } : {}),
          ...(input.deviceSessionId ? { device_session_id: input.deviceSessionId } : {}),
        }),
      );
      events.push(
        providerEvent('charge', {
          processor: site.processor,
          status: answer.status,
          ...(answer.status === 'declined' ? { code: answer.code } : {}),
          device_session: input.deviceSessionId ? 'sent' : 'none',
        }),
      );
      switch (answer.status) {
        case 'captured':
          return { kind: 'done', providerReference: answer.transaction_id, events };
        case 'challenge':
          return {
            kind: 'challenge',
            providerReference: answer.transaction_id,
            redirectUrl: answer.redirect_url,
            events,
          };
        default:
          return { kind: 'declined', providerReference: answer.transaction_id, code: answer.code, events };
      }
    },

    /**
     * The 3-D Secure return (exe-payment): the processor is asked (the browser's word is not taken); an
     * authenticated charge is captured, once: a second, concurrent capture finds it captured.
     */
    async complete(attempt): Promise<CompleteOutcome> {
      const events: ProviderEvent[] = [];
      const site = await siteOf(attempt);
      if (!site || !attempt.providerReference) {
        const found = statusOf(await askStatus(attempt));
        events.push(providerEvent('status', { status: found }));
        if (found === 'confirmed') return { kind: 'done', events };
        if (found === 'pending') return { kind: 'pending', events };
        return { kind: 'declined', code: found, events };
      }
      const answer = readAnswer(
        'status',
        await transport(site, 'capture', {
          merchant_id: site.merchantId,
          transaction_id: attempt.providerReference,
        }),
      );
      events.push(providerEvent('capture', { status: answer.status, code: answer.code }));
      switch (answer.status) {
        case 'captured':
        case 'refunded':
          return { kind: 'done', events };
        case 'authenticating':
        case 'authenticated':
          return { kind: 'pending', events };
        case 'not_found':
          return { kind: 'declined', code: 'not_found', events };
        default:
          return {
            kind: 'declined',
            code: answer.code === THREE_DS_FAILED ? THREE_D_SECURE_FAILED : (answer.code ?? 'declined'),
            events,
          };
      }
    },

    async status(attempt) {
      return statusOf(await askStatus(attempt));
    },

    /** A charge never sent leaves nothing at the processor; one sent is the processor's to say (status). */
    async refund(attempt, request) {
      const site = await siteOf(attempt);
      if (!site || !attempt.providerReference) {
        return { kind: 'failed', code: MERCHANT_NOT_CONFIGURED, events: [] };
      }
      const answer = readAnswer(
        'refund',
        await transport(site, 'refund', {
          merchant_id: site.merchantId,
          transaction_id: attempt.providerReference,
          amount: request.amount,
          refund_key: request.refundKey,
        }),
      );
      const events = [providerEvent('refund', { amount: request.amount, status: answer.status })];
      return answer.status === 'refunded'
        ? { kind: 'refunded', providerReference: answer.refund_id, events }
        : { kind: 'failed', code: answer.code, events };
    },
  };
}
