import { z } from 'zod';
import { langCodeSchema } from '../enum-schemas.ts';
import {
  MAX_LONG_TEXT_LENGTH,
  catalogueIdSchema,
  consoleLocalizedTextSchema,
  consoleNamesSchema,
  expectedVersionSchema,
  priceSchema,
  translationGapSchema,
} from './catalogue-products.ts';

/** A set product (`set_products`): an add-on sold with the products it is linked to (`set_product_links`). */
export const setProductSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  names: z.record(langCodeSchema, z.string()),
  descriptions: z.record(langCodeSchema, z.string()),
  price: z.number().int(),
  position: z.number().int(),
  version: z.number().int(),
  product_ids: z.array(z.number().int()),
  translation_gaps: z.array(translationGapSchema),
  /** An order references it: it cannot be deleted (unlink it from its products to stop selling it). */
  in_use: z.boolean(),
});
export type SetProduct = z.infer<typeof setProductSchema>;
export const setProductListSchema = z.object({ set_products: z.array(setProductSchema) });
export const setProductResponseSchema = z.object({ set_product: setProductSchema });

const setProductFields = {
  names: consoleNamesSchema,
  descriptions: consoleLocalizedTextSchema(MAX_LONG_TEXT_LENGTH),
  price: priceSchema,
  position: z.number().int().min(0).max(100_000).default(0),
  /** The site's products it is offered with (each once). */
  product_ids: z
    .array(catalogueIdSchema)
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, 'a product is listed twice'),
};
export const createSetProductBodySchema = z.object(setProductFields);
export type CreateSetProductBody = z.input<typeof createSetProductBodySchema>;
export const updateSetProductBodySchema = z.object({
  ...setProductFields,
  expected_version: expectedVersionSchema,
});
export type UpdateSetProductBody = z.input<typeof updateSetProductBodySchema>;

/**
 * The site's member price (`membership_promotions`, one per site): members signed in through membership
 * login get `discount_percent` off. `membership_login`: whether the site uses membership login at all
 * (a site setting); without it the promotion cannot be set.
 */
export const membershipPromotionSchema = z.object({
  names: z.record(langCodeSchema, z.string()),
  discount_percent: z.number().int(),
  version: z.number().int(),
  translation_gaps: z.array(translationGapSchema),
});
export type MembershipPromotion = z.infer<typeof membershipPromotionSchema>;
export const membershipPromotionResponseSchema = z.object({
  membership_login: z.boolean(),
  promotion: membershipPromotionSchema.nullable(),
});
export type MembershipPromotionResponse = z.infer<typeof membershipPromotionResponseSchema>;

/** Set (create or edit) the promotion; `expected_version` null when the site has none yet. */
export const putMembershipPromotionBodySchema = z.object({
  names: consoleNamesSchema,
  discount_percent: z.number().int().min(1).max(100),
  expected_version: expectedVersionSchema.nullable(),
});
export type PutMembershipPromotionBody = z.infer<typeof putMembershipPromotionBodySchema>;
