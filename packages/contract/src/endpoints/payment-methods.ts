import { z } from 'zod';
import { langCodeSchema, paymentMethodSchema, salesChannelSchema } from '../enums.ts';

/** GET /api/v1/paymentmethods?lang=&channel= */
export const paymentMethodsQuerySchema = z.object({
  lang: langCodeSchema,
  channel: salesChannelSchema.default('web'),
});
export const paymentMethodItemSchema = z.object({
  payment_method_type: paymentMethodSchema,
  name: z.string(),
  display_position: z.number().int(),
});
export const paymentMethodsResponseSchema = z.array(paymentMethodItemSchema);
export type PaymentMethodItem = z.infer<typeof paymentMethodItemSchema>;
