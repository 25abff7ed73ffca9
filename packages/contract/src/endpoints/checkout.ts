import { z } from 'zod';
import { paymentFlowSchema, paymentMethodIdSchema } from '../enum-schemas.ts';
import { storableText } from '../validation/storable-text.ts';
import { secretToken } from '../secret.ts';
import { defineEndpoint } from '../endpoint.ts';
import { orderTokenParamsSchema } from './orders.ts';

/**
 * POST /api/v1/orders/checkout/{id} (id: the order token; spec §7, 240 000 ms client time-out).
 * Only a ready_checkout order checks out; the call is idempotent: a double click or a retry with the
 * same order never charges or reserves twice, it answers the same result.
 */
export const checkoutBodySchema = z.object({
  payment_method_type: paymentMethodIdSchema,
  /** One-time card token from the gateway's token script (card methods); never a card number. */
  token: secretToken(storableText().min(1).max(512)).optional(),
  /** Masked card for display and receipts, as the token script answers it (e.g. "************4242"). */
  masked_card_number: storableText().max(32).optional(),
  /**
   * The device session the site's fraud-screening script (settings payment.deviceFingerprintScriptUrl)
   * profiled on the payment screen, sent with the card token; processors that screen by device take it
   * (ADR 101). Absent where the site declares no script.
   */
  device_session_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/)
    .optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

/**
 * Either the purchase is done (`reserved`), or the browser must go elsewhere first (`redirect`: a 3-D
 * Secure challenge, a wallet's approval page) and comes back through a payment callback.
 */
const reservedAnswerSchema = z.object({
  status: z.literal('reserved'),
  reservation_token: secretToken(z.string()),
  reservation_number: z.string(),
});
const redirectAnswerSchema = z.object({
  status: z.literal('redirect'),
  /** The gateway's page for this attempt: carries its references (an AccessID and access token). */
  redirect_url: secretToken(z.string()),
  /** Our reference of the attempt: it answers the reservation (GET /payment-results/{id}), so it is secret. */
  payment_number: secretToken(z.string()),
});
export const checkoutResponseSchema = z.discriminatedUnion('status', [
  reservedAnswerSchema,
  redirectAnswerSchema,
]);
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/**
 * The answer after a gateway's page (exe-payment, payment-results, confirmcheckout; ADR 059): checkout's,
 * plus the flow the payment belongs to, decided by the server from the order (a web or spot order, a
 * change of date's top-up), so the callback screen knows where to go on without guessing from its stores.
 */
const flowField = { flow: paymentFlowSchema };
export const callbackAnswerSchema = z.discriminatedUnion('status', [
  reservedAnswerSchema.extend(flowField),
  redirectAnswerSchema.extend(flowField),
]);
export type CallbackAnswer = z.infer<typeof callbackAnswerSchema>;

/** The web's checkout and the spot channel's (same call). */
export const checkoutEndpoint = defineEndpoint('checkout', {
  params: orderTokenParamsSchema,
  body: checkoutBodySchema,
  responses: { 200: checkoutResponseSchema },
});
