import { z } from 'zod';
import { tokenSchema } from '../validation/storable-text.ts';
import { paymentFlowSchema } from '../enum-schemas.ts';
import { callbackAnswerSchema } from './checkout.ts';
import { secretToken } from '../secret.ts';
import { defineEndpoint } from '../endpoint.ts';

/**
 * After a gateway's page (3-D Secure challenge, wallet cashier), the browser comes back through a server
 * return route to `#/payment-callback/...` (ADR 026), and the SPA learns the outcome from these calls.
 */

/**
 * POST /api/v1/gmo-secure/exe-payment (spec §7, 240 000 ms): completes a GMO 3-D Secure payment after the
 * challenge. `md` is the gateway's transaction reference (AccessID) the return carried. Answers like
 * checkout, with the payment's flow (`callbackAnswerSchema`); a failure answers `paymentFailureSchema`. Idempotent.
 */
export const exePaymentBodySchema = z.object({ md: secretToken(tokenSchema) });
export type ExePaymentBody = z.infer<typeof exePaymentBodySchema>;

/** GET /api/v1/payment-results/{id} (id: the payment number): an attempt's outcome, read-only. */
export const paymentResultParamsSchema = z.object({ id: secretToken(tokenSchema) });

/**
 * A failed payment after a gateway's page (spec §8, the 3-D Secure failure fields), beside `error`:
 * whether the visitor may pay again (the order still waits for payment), the order's token and channel;
 * the time-change fields name the date change the payment was for (none yet: false and null). `flow` (not
 * the spec's; ADR 059) names the flow the payment belongs to, as the success answers do.
 */
export const paymentFailureSchema = z.object({
  error: z.string(),
  can_retry: z.boolean(),
  order_token: secretToken(z.string()).nullable(),
  is_time_change: z.boolean(),
  old_reservation_token: secretToken(z.string()).nullable(),
  time_change_token: secretToken(z.string()).nullable(),
  sales_channel: z.string(),
  flow: paymentFlowSchema,
});
export type PaymentFailure = z.infer<typeof paymentFailureSchema>;

/**
 * The answer of GET /payment-results/{id}: checkout's, or `pending` while the gateway has not decided; each
 * names the payment's flow.
 */
export const paymentResultResponseSchema = z.union([
  callbackAnswerSchema,
  z.object({ status: z.literal('pending'), flow: paymentFlowSchema }),
]);
export type PaymentResultResponse = z.infer<typeof paymentResultResponseSchema>;

export const exePaymentEndpoint = defineEndpoint('exePayment', {
  body: exePaymentBodySchema,
  responses: { 200: callbackAnswerSchema },
});
export const paymentResultEndpoint = defineEndpoint('paymentResult', {
  params: paymentResultParamsSchema,
  responses: { 200: paymentResultResponseSchema },
});
