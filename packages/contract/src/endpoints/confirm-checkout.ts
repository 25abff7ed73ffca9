import { z } from 'zod';
import { paymentMethodIdSchema } from '../enum-schemas.ts';
import { storableText, tokenSchema } from '../validation/storable-text.ts';
import { secretToken } from '../secret.ts';
import { defineEndpoint } from '../endpoint.ts';
import { callbackAnswerSchema } from './checkout.ts';

/**
 * POST /api/v1/orders/confirmcheckout (spec §7; 240 000 ms client time-out like checkout). Completes a
 * payment attempt the browser came back from (a 3-D Secure challenge, a gateway's payment page): the server
 * asks the attempt's gateway for the result and settles it once, however many times this is called.
 * Two shapes: SoftBank Payment Service 3-D Secure names our payment number and its method; Stripe names the
 * PaymentIntent. The answer is checkout's with the payment's flow (`callbackAnswerSchema`): `reserved`, or
 * `redirect` while the gateway still waits for the browser.
 */
export const confirmCheckoutByPaymentNumberSchema = z.object({
  /** Our public reference of the attempt, carried through the gateway's return. */
  payment_number: secretToken(tokenSchema),
  payment_method_type: paymentMethodIdSchema,
});

export const confirmCheckoutByPaymentIntentSchema = z.object({
  /** Stripe's PaymentIntent id (`pi_...`), the attempt's provider reference. */
  payment_intent_id: secretToken(storableText().min(1).max(255)),
});

export const confirmCheckoutBodySchema = z.union([
  confirmCheckoutByPaymentNumberSchema,
  confirmCheckoutByPaymentIntentSchema,
]);
export type ConfirmCheckoutBody = z.infer<typeof confirmCheckoutBodySchema>;

export const confirmCheckoutEndpoint = defineEndpoint('confirmCheckout', {
  body: confirmCheckoutBodySchema,
  responses: { 200: callbackAnswerSchema },
});
