import {
  GatewayUnavailableError,
  PAYMENT_CANCELED,
  providerEvent,
  THREE_D_SECURE_FAILED,
  type GatewayStatus,
  type PaymentAttempt,
  type PaymentProvider,
  type StartOutcome,
  MERCHANT_NOT_CONFIGURED,
} from '../../domain/payments/payment-provider.ts';
import type { Db } from '../../db/client.ts';
import { refundOnce } from '../refund-once.ts';
import { merchantFor, SBPS_RETURN_PATHS, type SbpsConfig, type SbpsMerchant } from './sbps-config.ts';
import {
  decodeSbpsXml,
  encodeSbpsXml,
  PARTIAL_REFUND_API_ID,
  PARTIAL_REFUND_FIELDS,
  PURCHASE_FIELDS,
  SBPS_3DS_FAILURE_CODES,
  SBPS_PAY_METHODS,
  sbpsDate,
  signFields,
  STATUS_API_ID,
  STATUS_FIELDS,
  verifyFields,
  type SbpsFields,
  type SbpsMethod,
} from './sbps-protocol.ts';

/** Sends one XML API document and answers the gateway's XML (HTTP, or the simulator in process). */
/** One XML API call as `merchant` (the real API authenticates the merchant; the simulator knows its one). */
export type SbpsApiTransport = (xml: string, merchant: SbpsMerchant) => Promise<string>;

/** The refund API's id (取消返金要求). */
export const REFUND_API_ID = 'ST02-00303-101';

/**
 * `res_status` of the status query: the payment's state at the gateway. Waiting means the visitor is still
 * on the gateway's pages (or left them): not settled, the attempt stays open.
 */
export const SBPS_STATUS = {
  waiting: '0',
  paid: '1',
  refused: '2',
  cancelled: '3',
  refunded: '9',
} as const;

/**
 * Our failure code for a refusal the gateway reported with `res_err_code` (notification or status query):
 * a failed 3-D Secure check becomes THREE_D_SECURE_FAILED, so its return is told apart from a declined card;
 * any other reason is kept as the gateway gave it (for support).
 */
export function sbpsFailureCode(errCode: string | undefined): string {
  if (errCode && SBPS_3DS_FAILURE_CODES.includes(errCode)) return THREE_D_SECURE_FAILED;
  return errCode || 'NG';
}

/** How long the gateway accepts a purchase request after request_date (seconds). */
const LIMIT_SECOND = '600';

/** The purchase request the browser posts to the gateway: its URL and the signed fields. */
export interface SbpsPurchaseForm {
  action: string;
  fields: SbpsFields;
}

function returnUrl(config: SbpsConfig, attempt: PaymentAttempt, result: 'success' | 'cancel' | 'error') {
  return `${config.origin}${SBPS_RETURN_PATHS.return}/${attempt.paymentNumber}/${result}`;
}

/**
 * The signed link-type purchase request for an attempt (ADR 027), built when the browser is about to go
 * to the gateway (request_date is now: the gateway refuses a request older than limit_second). The
 * attempt's idempotency key is the gateway's order_id: the gateway takes one payment per order_id.
 */
export function sbpsPurchaseForm(
  config: SbpsConfig,
  merchant: SbpsMerchant,
  attempt: PaymentAttempt & { method: SbpsMethod },
): SbpsPurchaseForm {
  const fields: SbpsFields = {
    pay_method: SBPS_PAY_METHODS[attempt.method],
    merchant_id: merchant.merchantId,
    service_id: merchant.serviceId,
    cust_code: attempt.paymentNumber,
    order_id: attempt.idempotencyKey,
    item_id: attempt.siteCode,
    item_name: 'Tickets',
    amount: String(attempt.amount),
    pay_type: '0',
    service_type: '0',
    terminal_type: '0',
    success_url: returnUrl(config, attempt, 'success'),
    cancel_url: returnUrl(config, attempt, 'cancel'),
    error_url: returnUrl(config, attempt, 'error'),
    pagecon_url: `${config.origin}${SBPS_RETURN_PATHS.notification}`,
    request_date: sbpsDate(),
    limit_second: LIMIT_SECOND,
  };
  return { action: config.purchaseUrl, fields: signFields(fields, PURCHASE_FIELDS, merchant.hashKey) };
}

/**
 * One SoftBank Payment Service method through the link type (softbank_credit, softbank_3ds with 3-D
 * Secure on the gateway's page, softbank_alipay, softbank_paypay). `start` sends the browser to our
 * purchase page, which posts the signed request to the gateway; the outcome arrives by the signed result
 * notification and is confirmed on the browser's return by asking the gateway (status query), never by
 * believing the browser.
 */
export function createSbpsProvider(
  config: SbpsConfig,
  transport: SbpsApiTransport,
  method: SbpsMethod,
  /** Where each refund key's call is kept (gateway_refund_calls): the gateway takes no key of ours. */
  refundCalls: Db,
): PaymentProvider {
  /** 部分返金要求: signed over PARTIAL_REFUND_FIELDS, the amount sent inside pay_option_manage. */
  async function partialRefund(
    merchant: SbpsMerchant,
    trackingId: string,
    amount: number,
  ): Promise<SbpsFields> {
    const { amount: signedAmount, ...signed } = signFields(
      {
        merchant_id: merchant.merchantId,
        service_id: merchant.serviceId,
        tracking_id: trackingId,
        amount: String(amount),
        request_date: sbpsDate(),
      },
      PARTIAL_REFUND_FIELDS,
      merchant.hashKey,
    );
    const { sps_hashcode: hash, request_date: date, ...head } = signed;
    const xml = encodeSbpsXml('sps-api-request', PARTIAL_REFUND_API_ID, {
      ...head,
      pay_option_manage: { amount: signedAmount! },
      request_date: date!,
      sps_hashcode: hash!,
    });
    const answer = decodeSbpsXml(await transport(xml, merchant));
    if (!answer.res_result) throw new GatewayUnavailableError(`SBPS ${PARTIAL_REFUND_API_ID}: no result`);
    return answer;
  }

  async function api(id: string, merchant: SbpsMerchant, attempt: PaymentAttempt): Promise<SbpsFields> {
    const request = signFields(
      {
        merchant_id: merchant.merchantId,
        service_id: merchant.serviceId,
        order_id: attempt.idempotencyKey,
        request_date: sbpsDate(),
      },
      STATUS_FIELDS,
      merchant.hashKey,
    );
    const answer = decodeSbpsXml(await transport(encodeSbpsXml('sps-api-request', id, request), merchant));
    if (!answer.res_result) throw new GatewayUnavailableError(`SBPS ${id}: no result`);
    return answer;
  }

  async function merchantOrThrow(attempt: PaymentAttempt): Promise<SbpsMerchant> {
    const merchant = await merchantFor(config, attempt.siteCode);
    if (!merchant) throw new GatewayUnavailableError('SBPS merchant settings are missing');
    return merchant;
  }

  /**
   * The gateway's state of the payment, the reason it gave for a refusal (`res_err_code`), and whether the
   * visitor cancelled on its page.
   */
  async function query(
    attempt: PaymentAttempt,
  ): Promise<{ status: GatewayStatus; errCode?: string; canceled?: boolean }> {
    const answer = await api(STATUS_API_ID, await merchantOrThrow(attempt), attempt);
    if (answer.res_result !== 'OK') {
      if (answer.res_err_code === 'not_found') return { status: 'not_found' };
      throw new GatewayUnavailableError(`SBPS status: ${answer.res_err_code ?? 'NG'}`);
    }
    switch (answer.res_status) {
      case SBPS_STATUS.paid:
        return { status: 'confirmed' };
      case SBPS_STATUS.refused:
        return { status: 'failed', errCode: answer.res_err_code || undefined };
      case SBPS_STATUS.cancelled:
        return { status: 'failed', canceled: true };
      case SBPS_STATUS.refunded:
        return { status: 'failed' };
      default:
        return { status: 'pending' };
    }
  }

  const status = async (attempt: PaymentAttempt) => (await query(attempt)).status;

  return {
    family: 'softbank',

    publicFields: () => ({ test_mode: config.simulated }),

    // The browser posts to the gateway's purchase page: a real gateway's origin must be a form target.
    contentSecurity: config.simulated ? undefined : { formAction: [new URL(config.purchaseUrl).origin] },

    async start(attempt): Promise<StartOutcome> {
      if (!(await merchantFor(config, attempt.siteCode))) {
        return { kind: 'declined', providerReference: null, code: MERCHANT_NOT_CONFIGURED, events: [] };
      }
      // The gateway's tracking id is known only from its result; until then the order_id names the payment.
      return {
        kind: 'redirect',
        providerReference: attempt.idempotencyKey,
        redirectUrl: `${config.origin}${SBPS_RETURN_PATHS.purchase}/${attempt.paymentNumber}`,
        events: [providerEvent('link', { pay_method: SBPS_PAY_METHODS[method] })],
      };
    },

    status,

    // The browser is back (or asks via confirmcheckout): the gateway says what happened.
    async complete(attempt) {
      const { status: found, errCode, canceled } = await query(attempt);
      const events = [providerEvent(STATUS_API_ID, { status: found, res_err_code: errCode })];
      if (found === 'confirmed') return { kind: 'done', events };
      if (found === 'pending') return { kind: 'pending', events };
      if (found === 'not_found') return { kind: 'declined', code: 'not_found', events };
      // A cancel is recorded as every gateway's is, so its return lands on the cancel screen (payments/returns/gateway-returns.ts).
      if (canceled) return { kind: 'declined', code: PAYMENT_CANCELED, events };
      // The return may come before the notification: the refusal's reason must be the same either way,
      // or a failed 3-D Secure check would be reported as a declined card.
      return { kind: 'declined', code: sbpsFailureCode(errCode), events };
    },

    /**
     * ADR 077: all that is left with the refund request (取消返金要求, by our order id), a part with the
     * partial refund request (部分返金要求, by the gateway's tracking id, `pay_option_manage/amount`). The
     * gateway takes no key of ours: the key's row (refundOnce) keeps a retry from giving back twice, and the
     * status query says what the payment still holds.
     */
    async refund(attempt, request) {
      const merchant = await merchantOrThrow(attempt);
      return refundOnce(refundCalls, attempt, request, {
        async holding() {
          const answer = await api(STATUS_API_ID, merchant, attempt);
          const events = [
            providerEvent(STATUS_API_ID, {
              res_result: answer.res_result,
              res_status: answer.res_status,
              res_amount: answer.res_amount,
              err: answer.res_err_code,
            }),
          ];
          if (answer.res_result !== 'OK')
            return { kind: 'failed', code: answer.res_err_code ?? 'NG', events };
          const trackingId = answer.res_tracking_id ?? '';
          if (answer.res_status === SBPS_STATUS.refunded) {
            return { kind: 'holding', remaining: 0, trade: trackingId, events };
          }
          if (answer.res_status !== SBPS_STATUS.paid) {
            return { kind: 'failed', code: `not_refundable_${answer.res_status ?? ''}`, events };
          }
          const remaining = Number(answer.res_amount);
          if (!Number.isInteger(remaining) || !trackingId) {
            throw new GatewayUnavailableError('SBPS status: no amount or tracking id for a paid payment');
          }
          return { kind: 'holding', remaining, trade: trackingId, events };
        },
        async send(trackingId, remaining, amount, events) {
          const whole = amount === remaining;
          const answer = whole
            ? await api(REFUND_API_ID, merchant, attempt)
            : await partialRefund(merchant, trackingId, amount);
          const apiId = whole ? REFUND_API_ID : PARTIAL_REFUND_API_ID;
          events.push(
            providerEvent(apiId, { amount, res_result: answer.res_result, err: answer.res_err_code }),
          );
          return answer.res_result === 'OK'
            ? { kind: 'refunded', providerReference: answer.res_tracking_id ?? trackingId, events }
            : { kind: 'failed', code: answer.res_err_code ?? 'NG', events };
        },
      });
    },
  };
}

/** A result (notification or return) genuinely from the gateway for this merchant. */
export function isGenuineResult(fields: SbpsFields, merchant: SbpsMerchant, order: readonly string[]) {
  return (
    fields.merchant_id === merchant.merchantId &&
    fields.service_id === merchant.serviceId &&
    verifyFields(fields, order, merchant.hashKey)
  );
}

/** The XML API over HTTPS: Basic authentication with merchant_id+service_id and the hash key. */
export function httpSbpsTransport(config: SbpsConfig): SbpsApiTransport {
  return async (xml, merchant) => {
    const auth = Buffer.from(`${merchant.merchantId}${merchant.serviceId}:${merchant.hashKey}`).toString(
      'base64',
    );
    try {
      const response = await fetch(config.apiUrl, {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', authorization: `Basic ${auth}` },
        body: xml,
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      if (!response.ok) throw new GatewayUnavailableError(`SBPS API answered ${response.status}`);
      return await response.text();
    } catch (error) {
      if (error instanceof GatewayUnavailableError) throw error;
      throw new GatewayUnavailableError('SBPS API unreachable', { cause: error });
    }
  };
}
