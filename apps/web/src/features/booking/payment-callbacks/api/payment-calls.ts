import type { CallbackAnswer } from '@kippu/contract/endpoints/checkout';
import type { TemporaryOrder } from '@kippu/contract/endpoints/orders';
import type { PaymentResultResponse } from '@kippu/contract/endpoints/payment-returns';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../../../../shared/api/api-client.ts';

/** exe-payment waits for the gateway, so the client gives it 240 000 ms (spec §7, §9). */
export const EXE_PAYMENT_TIMEOUT_MS = 240_000;

/**
 * POST /gmo-secure/exe-payment: completes a GMO 3-D Secure payment after its challenge. A failure answers
 * the spec's failure fields; the screen shows its own dialog for them (spec §4), so no generic one here.
 */
export async function exePayment(md: string): Promise<CallbackAnswer> {
  // Safe to repeat (the route says so): exe-payment completes the attempt once and answers its outcome
  // again (ADR 047).
  const { data } = await api.call(ROUTES.exePayment, {
    body: { md },
    timeout: EXE_PAYMENT_TIMEOUT_MS,
    noErrorDialog: true,
  });
  return data;
}

/** GET /payment-results/{paymentNumber}: the outcome of a wallet payment, or `pending`. */
export async function paymentResult(paymentNumber: string): Promise<PaymentResultResponse> {
  const { data } = await api.call(ROUTES.paymentResult, {
    params: { id: paymentNumber },
    noErrorDialog: true,
  });
  return data;
}

/** GET /orders/{orderToken}: what the completion page summarises (it still answers once reserved). */
export async function orderForCompletion(orderToken: string): Promise<TemporaryOrder | null> {
  try {
    const { data } = await api.call(ROUTES.temporaryOrder, {
      params: { id: orderToken },
      noErrorDialog: true,
    });
    return data;
  } catch {
    return null;
  }
}
