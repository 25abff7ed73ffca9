import type { SiteCode } from '@kippu/contract';
import { sql } from 'drizzle-orm';
import type { CheckoutDeps } from '../../domain/checkout/checkout.ts';
import { confirmCheckout } from '../../domain/checkout/confirm-checkout.ts';
import { settleAttempt, type AttemptOutcome } from '../../domain/checkout/settle-attempt.ts';
import { AppError } from '../../shared/app-error.ts';
import { returnStatus, withFlow } from '../returns/gateway-returns.ts';
import { orderFlow } from '../../domain/checkout/attempt-answer.ts';
import { PAYMENT_CANCELED, providerEvent } from '../../domain/payments/payment-provider.ts';
import { merchantFor, type SbpsConfig } from './sbps-config.ts';
import { isGenuineResult, sbpsFailureCode } from './sbps-link-provider.ts';
import { isSbpsMethod, RESULT_FIELDS, type SbpsFields } from './sbps-protocol.ts';
import { findAttemptByIdempotencyKey, findAttempt } from '../../domain/payments/payment-attempts.ts';

/** The notification's answer to the gateway: `OK,` applied (or already), `NG,<reason>` refused. */
export type NotificationAnswer = { ok: true } | { ok: false; reason: string };

/**
 * The gateway's result notification (pagecon_url, ADR 027): verified by its sps_hashcode, matched to the
 * attempt by order_id (our idempotency key) and amount, and settled through settleAttempt, so a
 * notification that arrives twice, or after the browser's return, changes nothing the second time.
 */
export async function receiveSbpsNotification(
  deps: CheckoutDeps,
  config: SbpsConfig,
  fields: SbpsFields,
): Promise<NotificationAnswer> {
  // The attempt names the site, the site its merchant (ADR 101): verified before anything is believed.
  const attempt = await findAttemptByIdempotencyKey(deps.db, fields.order_id ?? '');
  const merchant = attempt ? await merchantFor(config, attempt.siteCode) : config.merchant;
  if (!merchant || !isGenuineResult(fields, merchant, RESULT_FIELDS)) {
    return { ok: false, reason: 'sps_hashcode' };
  }
  if (!attempt || !isSbpsMethod(attempt.method)) return { ok: false, reason: 'order_id' };
  if (String(attempt.amount) !== fields.amount) return { ok: false, reason: 'amount' };
  const provider = deps.payments.providerFor(attempt.method);
  if (!provider) return { ok: false, reason: 'method' };

  const events = [
    providerEvent('notification', {
      res_result: fields.res_result,
      res_tracking_id: fields.res_tracking_id,
      res_err_code: fields.res_err_code,
    }),
  ];
  let outcome: AttemptOutcome;
  if (fields.res_result === 'OK') {
    outcome = { kind: 'done', providerReference: fields.res_tracking_id || null, events };
  } else if (fields.res_result === 'NG' || fields.res_result === 'CR') {
    outcome = {
      kind: 'declined',
      providerReference: fields.res_tracking_id || null,
      code: fields.res_result === 'CR' ? PAYMENT_CANCELED : sbpsFailureCode(fields.res_err_code),
      events,
    };
  } else {
    return { ok: false, reason: 'res_result' };
  }
  if (attempt.status === 'created' || attempt.status === 'pending') {
    await settleAttempt(deps, provider, attempt, outcome);
  }
  return { ok: true };
}

/** Where the browser goes after its return: the site's slug and the callback screen's hash path. */
export interface SbpsReturn {
  slug: string;
  hashPath: string;
}

/**
 * The browser is back from the gateway (success, cancel or error URL). Its form is not believed: the
 * gateway is asked (confirmCheckout → the provider's status query) and the outcome settled once. SoftBank
 * 3-D Secure goes on to `/payment-callback/sbps3ds`, whose screen confirms again by POST
 * /orders/confirmcheckout (idempotent) and shows the result; the other methods, and a cancel of any, to
 * `/payment-callback/{method}/{result}`.
 */
export async function returnFromSbps(
  deps: CheckoutDeps,
  paymentNumber: string,
  result: 'success' | 'cancel' | 'error',
): Promise<SbpsReturn | undefined> {
  const { rows } = await deps.db.execute<{ site_code: SiteCode; slug: string }>(sql`
    SELECT p.site_code, s.slug FROM payments p JOIN sites s ON s.code = p.site_code
    WHERE p.payment_number = ${paymentNumber}`);
  const site = rows[0];
  if (!site) return undefined;
  const attempt = await findAttempt(deps.db, site.site_code, { paymentNumber });
  if (!attempt || !isSbpsMethod(attempt.method)) return undefined;
  try {
    await confirmCheckout(deps, site.site_code, { locator: { paymentNumber }, callback: { result } });
  } catch (error) {
    // The outcome is recorded (or left for the notification); the screen asks again and shows it.
    if (!(error instanceof AppError)) throw error;
  }
  // Where the browser goes follows what the gateway said, as for every other gateway (returnStatus), not
  // which of our URLs it came back to: a cancel is a cancel however it returns, and the success URL claims
  // nothing. Still undecided: the URL's word, but never success.
  const recorded = await returnStatus(deps, attempt.id);
  const status: 'success' | 'cancel' | 'error' =
    recorded === 'pending'
      ? result === 'success'
        ? 'error'
        : result
      : recorded === 'failure'
        ? 'error'
        : recorded;
  const query = `payment_number=${encodeURIComponent(paymentNumber)}`;
  // A cancel on the gateway's page is no 3-D Secure return: it goes where every method's cancel goes, whose
  // screen tells the visitor they cancelled (the 3-D Secure screen could only say the payment failed).
  const hashPath =
    attempt.method === 'softbank_3ds' && status !== 'cancel'
      ? `/payment-callback/sbps3ds?${query}`
      : `/payment-callback/${attempt.method}/${status}?${query}`;
  return { slug: site.slug, hashPath: withFlow(hashPath, await orderFlow(deps.db, attempt.orderId)) };
}
