import { sql } from 'drizzle-orm';
import type { PaymentFlow, PaymentMethodId } from '@kippu/contract';
import { DEFAULT_SITE, siteSlug } from '@kippu/contract';
import { recordEvents } from '../../domain/payments/payment-attempts.ts';
import { PAYMENT_CANCELED, providerEvent } from '../../domain/payments/payment-provider.ts';
import {
  attemptByPaymentNumber,
  attemptByProviderReference,
  callbackUrl,
  type ReturningAttempt,
} from '../../domain/payments/payment-returns.ts';
import { orderFlow } from '../../domain/checkout/attempt-answer.ts';
import { completeAttempt, type CompleteDeps } from '../../domain/checkout/complete-attempt.ts';
import type { Row } from '../../db/generated/rows.ts';

/** How a return ended, as the callback route's `:status` says it (the SPA asks for the details). */
export type ReturnStatus = 'success' | 'failure' | 'cancel' | 'pending';

/**
 * How an attempt's return ended, from what was recorded (the gateway's word, not the return URL's): every
 * gateway's cancel is recorded as PAYMENT_CANCELED, so it lands on the cancel screen whichever gateway it was.
 */
export async function returnStatus(deps: CompleteDeps, attemptId: number): Promise<ReturnStatus> {
  const { rows } = await deps.db.execute<Pick<Row<'payments'>, 'status' | 'failure_code'>>(
    sql`SELECT status, failure_code FROM payments WHERE id = ${attemptId}`,
  );
  const { status, failure_code: code } = rows[0]!;
  if (status === 'confirmed') return 'success';
  if (status === 'created' || status === 'pending') return 'pending';
  return code === PAYMENT_CANCELED ? 'cancel' : 'failure';
}

/** The fields of a return worth keeping (no tokens, no passwords): which keys came, and status-like values. */
function returnSummary(params: Record<string, string>): Record<string, unknown> {
  const kept = ['Status', 'ErrCode', 'ErrInfo', 'PayType'];
  return {
    keys: Object.keys(params).sort(),
    ...Object.fromEntries(kept.filter((key) => params[key] !== undefined).map((key) => [key, params[key]])),
  };
}

/**
 * A payment-callback hash path with the flow its attempt's order belongs to (ADR 059, amendments): the
 * screen reads `flow` from its URL when an answer names none (SoftBank's refused card, any error body), so
 * the web never guesses the flow from what its stores hold. Decided from the order, as the callback answers
 * are (orderFlowSql).
 */
export function withFlow(hashPath: string, flow: PaymentFlow): string {
  return `${hashPath}${hashPath.includes('?') ? '&' : '?'}flow=${flow}`;
}

/** A return route for a payment number we do not know: the default site's error screen. */
function unknownReturnUrl(deps: CompleteDeps): string {
  return callbackUrl(deps.env, siteSlug(DEFAULT_SITE), '/error');
}

/**
 * A browser came back from a gateway's page to a return route (ADR 026, payment-returns.ts). Records that it
 * came, and with `settle` asks the gateway and settles (wallets: the outcome is known now); without it the
 * SPA completes the attempt itself (3-D Secure: exe-payment). Answers the 303 target: the attempt's site at
 * `callbackPath(...)`; an unknown payment number goes to the default site's error screen. Returning twice
 * settles once (settleAttempt) and sends the browser to the same place.
 */
export async function returnFromGateway(
  deps: CompleteDeps,
  input: {
    method: PaymentMethodId;
    paymentNumber: string;
    params: Record<string, string>;
    settle: boolean;
    callbackPath: (found: ReturningAttempt, status: ReturnStatus) => string;
  },
): Promise<string> {
  const found = await attemptByPaymentNumber(deps.db, input.paymentNumber, input.method);
  if (!found) return unknownReturnUrl(deps);
  await recordEvents(deps.db, found.attempt.id, [
    providerEvent('browser_return', returnSummary(input.params)),
  ]);
  if (input.settle) await completeAttempt(deps, found.attempt, input.params, 'browser_return');
  const status = await returnStatus(deps, found.attempt.id);
  const flow = await orderFlow(deps.db, found.attempt.orderId);
  return callbackUrl(deps.env, found.siteSlug, withFlow(input.callbackPath(found, status), flow));
}

/**
 * A gateway's result notification (server to server). It is not believed either: the attempt it names
 * (by the gateway's reference and our order id, both must match) is completed by asking the gateway.
 * Answers whether it named an attempt of ours.
 */
export async function notificationFromGateway(
  deps: CompleteDeps,
  input: {
    methods: readonly PaymentMethodId[];
    reference: string;
    orderId: string;
    params: Record<string, string>;
  },
): Promise<boolean> {
  const found = await attemptByProviderReference(deps.db, input.reference, input.methods);
  if (!found || found.attempt.idempotencyKey !== input.orderId) return false;
  await recordEvents(deps.db, found.attempt.id, [providerEvent('notification', returnSummary(input.params))]);
  await completeAttempt(deps, found.attempt, input.params, 'notification');
  return true;
}
