import type { CallbackAnswer, PaymentFlow, SiteCode } from '@kippu/contract';
import { AppError } from '../../shared/app-error.ts';
import { attemptByPaymentNumber, attemptByProviderReference } from '../payments/payment-returns.ts';
import { orderFlow } from './attempt-answer.ts';
import { answerAfterReturn, completeAttempt, type CompleteDeps } from './complete-attempt.ts';

/** How long a call waits for an outcome another call is writing right now. */
const SETTLING_WAIT_MS = 10_000;

/**
 * POST /gmo-secure/exe-payment (spec §7): the GMO 3-D Secure challenge has returned; `md` is its
 * transaction reference (AccessID). Completes the attempt at the gateway (SecureTran2) and settles it,
 * once however often it is called, and answers like checkout: the reservation, or the spec's failure
 * fields (a failed challenge may be retried on the payment page while the hold runs).
 */
export async function exePayment(deps: CompleteDeps, site: SiteCode, md: string): Promise<CallbackAnswer> {
  const found = await attemptByProviderReference(deps.db, md, ['gmo_3ds'], site);
  if (!found) throw new AppError('record_not_found', 'no 3-D Secure payment with this reference');
  await completeAttempt(deps, found.attempt, { AccessID: md }, 'exe-payment');
  return answerAfterReturn(deps, found.attempt.id, SETTLING_WAIT_MS);
}

/**
 * GET /payment-results/{paymentNumber}: what became of an attempt, for the callback screens. Read-only:
 * the return route or the notification settles; an attempt still open answers `pending` (ask again).
 */
export async function paymentResult(
  deps: CompleteDeps,
  site: SiteCode,
  paymentNumber: string,
): Promise<CallbackAnswer | { status: 'pending'; flow: PaymentFlow }> {
  const found = await attemptByPaymentNumber(deps.db, paymentNumber);
  if (!found || found.attempt.siteCode !== site) throw new AppError('record_not_found');
  if (found.attempt.status === 'pending') {
    return { status: 'pending', flow: await orderFlow(deps.db, found.attempt.orderId) };
  }
  return answerAfterReturn(deps, found.attempt.id, SETTLING_WAIT_MS);
}
