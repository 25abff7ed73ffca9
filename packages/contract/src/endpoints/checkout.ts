import { z } from 'zod';
import { paymentMethodSchema } from '../enum-schemas.ts';
import { storableText } from '../validation/storable-text.ts';

/**
 * POST /api/v1/orders/checkout/{id} (id: the order token; spec §7, 240 000 ms client time-out).
 * Only a ready_checkout order checks out; the call is idempotent: a double click or a retry with the
 * same order never charges or reserves twice, it answers the same result.
 */
export const checkoutBodySchema = z.object({
  payment_method_type: paymentMethodSchema,
  /** One-time card token from the gateway's token script (card methods); never a card number. */
  token: storableText().min(1).max(512).optional(),
  /** Masked card for display and receipts, as the token script answers it (e.g. "************4242"). */
  masked_card_number: storableText().max(32).optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

/**
 * Either the purchase is done (`reserved`), or the browser must go elsewhere first (`redirect`: a 3-D
 * Secure challenge, a wallet's approval page) and comes back through a payment callback.
 */
export const checkoutResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('reserved'),
    reservation_token: z.string(),
    reservation_number: z.string(),
  }),
  z.object({
    status: z.literal('redirect'),
    redirect_url: z.string(),
    payment_number: z.string(),
  }),
]);
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;
