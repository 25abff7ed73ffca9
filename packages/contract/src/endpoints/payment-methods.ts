import { z } from 'zod';
import { langCodeSchema, paymentMethodSchema, salesChannelSchema } from '../enum-schemas.ts';
import { defineEndpoint } from '../endpoint.ts';

/** GET /api/v1/paymentmethods?lang=&channel= */
export const paymentMethodsQuerySchema = z.object({
  lang: langCodeSchema,
  channel: salesChannelSchema.default('web'),
});
export const paymentMethodItemSchema = z.object({
  payment_method_type: paymentMethodSchema,
  name: z.string(),
  display_position: z.number().int(),
  /**
   * Card methods whose card is turned into a one-time token in the browser (gmo, gmo_3ds): the gateway's
   * token script to load (a path on our own origin for the built-in simulator) and the shop id to
   * initialise it with (`Multipayment.init(shop_id)`). Absent for methods without a token script.
   */
  token_script_url: z.string().optional(),
  shop_id: z.string().optional(),
  /** True when the built-in gateway simulator answers this method: show the test-card hint. */
  test_mode: z.boolean().optional(),
  /**
   * A card method the site's second or third card processor takes (ADR 101): its token script speaks that
   * processor's protocol (`Card2.init({ merchantId: shop_id }).getToken(...)`), not GMO-PG's. Absent: GMO-PG.
   */
  card_processor: z.enum(['card2', 'card3']).optional(),
  /** That processor's 3-D Secure script (the browser's device data for the token), for 3-D Secure methods. */
  three_ds_script_url: z.string().optional(),
  /**
   * The site's fraud-screening script (settings payment.deviceFingerprintScriptUrl), for card methods: loaded
   * on the payment screen before the card is tokenised; the device session id it yields goes with the token.
   */
  fingerprint_script_url: z.string().optional(),
});
export const paymentMethodsResponseSchema = z.array(paymentMethodItemSchema);
export type PaymentMethodItem = z.infer<typeof paymentMethodItemSchema>;

export const paymentMethodsEndpoint = defineEndpoint('paymentMethods', {
  query: paymentMethodsQuerySchema,
  responses: { 200: paymentMethodsResponseSchema },
});
