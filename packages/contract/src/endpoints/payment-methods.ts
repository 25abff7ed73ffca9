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
});
export const paymentMethodsResponseSchema = z.array(paymentMethodItemSchema);
export type PaymentMethodItem = z.infer<typeof paymentMethodItemSchema>;

export const paymentMethodsEndpoint = defineEndpoint('paymentMethods', {
  query: paymentMethodsQuerySchema,
  responses: { 200: paymentMethodsResponseSchema },
});
