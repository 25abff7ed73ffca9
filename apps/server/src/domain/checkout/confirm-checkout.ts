import { sql } from 'drizzle-orm';
import type { CallbackAnswer, PaymentMethodId, SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import type { Row } from '../../db/generated/rows.ts';
import { AppError } from '../../shared/app-error.ts';
import { findAttempt, type AttemptLocator } from '../payments/payment-attempts.ts';
import { THREE_D_SECURE_FAILED, type CompleteOutcome } from '../payments/payment-provider.ts';
import { assertServedMethod, type CheckoutDeps } from './checkout.ts';
import { paymentFailure } from './complete-attempt.ts';
import { answerJoinedAttempt } from './join-attempt.ts';
import { settleAttempt, type AttemptOutcome } from './settle-attempt.ts';

export interface ConfirmRequest {
  /** Which attempt: our payment number (SoftBank 3-D Secure) or the gateway's reference (Stripe). */
  locator: AttemptLocator;
  /** The method the browser says it paid with; a payment number of another method finds nothing. */
  method?: PaymentMethodId;
  /** What the browser brought back from the gateway, handed to the provider's `complete`. */
  callback: Record<string, string>;
}

function settleable(completed: CompleteOutcome): AttemptOutcome | undefined {
  switch (completed.kind) {
    case 'done':
      return { kind: 'done', providerReference: null, events: completed.events };
    case 'declined':
      return { kind: 'declined', providerReference: null, code: completed.code, events: completed.events };
    case 'pending':
      return undefined;
  }
}

async function failedItsThreeDSecure(db: Db, paymentId: number): Promise<boolean> {
  const { rows } = await db.execute<Pick<Row<'payments'>, 'failure_code'>>(
    sql`SELECT failure_code FROM payments WHERE id = ${paymentId}`,
  );
  return rows[0]?.failure_code === THREE_D_SECURE_FAILED;
}

/**
 * POST /orders/confirmcheckout (ADR 027): the browser is back from a gateway (3-D Secure challenge, payment
 * page) and asks for the result. Generic over gateways: find the attempt, ask its provider (`complete`:
 * the gateway is asked, never the browser believed), record the outcome through settleAttempt (applied
 * once however many returns and notifications race), and answer like checkout from the database. An
 * attempt already settled (its notification came first, or this is the second return) is answered again
 * without calling the gateway.
 */
export async function confirmCheckout(
  deps: CheckoutDeps,
  site: SiteCode,
  request: ConfirmRequest,
): Promise<CallbackAnswer> {
  if (request.method) assertServedMethod(deps.payments, request.method);
  const attempt = await findAttempt(deps.db, site, request.locator);
  if (!attempt || (request.method && attempt.method !== request.method)) {
    throw new AppError('record_not_found');
  }
  // 'created': checkout is still calling the gateway; its outcome is waited for below, or asked of the
  // gateway at once when that call is over (a return retried after a crash; join-attempt.ts).
  if (attempt.status === 'pending') {
    const provider = deps.payments.providerFor(attempt.method);
    if (!provider) throw new AppError('payment_api_failure', `no provider for ${attempt.method}`);
    let completed: CompleteOutcome;
    try {
      completed = await provider.complete(attempt, request.callback);
    } catch (error) {
      // The attempt stays pending (and its order paying): the notification or the reconciliation settles it.
      deps.log.error({ err: error, paymentId: attempt.id }, 'payment gateway gave no answer to a confirm');
      throw new AppError('payment_api_failure', 'the gateway did not answer');
    }
    const outcome = settleable(completed);
    if (!outcome) throw new AppError('payment_api_failure', 'the gateway has no result yet');
    await settleAttempt(deps, provider, attempt, outcome);
  }
  try {
    return await answerJoinedAttempt(deps, attempt.id, deps.waitForAttemptMs);
  } catch (error) {
    // A failed 3-D Secure check answers the spec's 3-D Secure failure fields (§8) as GMO's exe-payment does,
    // so the return screen offers the same retry; a declined card (SoftBank's card page returns here too)
    // keeps the catalogue's error alone, whose dialog says the payment was refused.
    if (error instanceof AppError && (await failedItsThreeDSecure(deps.db, attempt.id))) {
      throw await paymentFailure(deps, attempt, error);
    }
    throw error;
  }
}
