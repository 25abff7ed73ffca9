import { z } from 'zod';
import { localizedTextSchema } from '../i18n-text.ts';
import { storableText } from '../validation/storable-text.ts';
import { apiTokenSchema } from './api-tokens-schemas.ts';

/**
 * Partners (issue 30, ADR 088): travel agencies of the organisation selling on channel OTA through the partner
 * API. A partner pays on account (payment method `on_account`): per ticket its net price for the ticket type,
 * never ¥0; a ticket type without a net price is not sold to the partner. Its API tokens are API tokens with
 * `partner_id` (made with POST /api-tokens). Permission `integrations` (read to see, write to change).
 */

/** The highest net price one ticket may carry (integer yen). */
export const PARTNER_NET_PRICE_MAX_YEN = 10_000_000;

export const partnerNetPriceInputSchema = z.object({
  ticket_type_id: z.number().int().positive(),
  /** What the partner owes per ticket of this type: at least ¥1. */
  net_price_yen: z.number().int().min(1).max(PARTNER_NET_PRICE_MAX_YEN),
});

/** A net price with what the console shows beside it: the ticket type, its product, site and list price. */
export const partnerNetPriceSchema = partnerNetPriceInputSchema.extend({
  site_code: z.string(),
  product_id: z.number().int(),
  product_name: localizedTextSchema,
  ticket_type_name: localizedTextSchema,
  /** The price a visitor pays on the web, for comparison. */
  list_price_yen: z.number().int(),
});

export const partnerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contact_name: z.string(),
  contact_email: z.string(),
  /** true: Kippu mails the partner's customers their tickets; false: the partner hands them over itself. */
  mails_customers: z.boolean(),
  /** An inactive partner's tokens authenticate nothing and it books nothing. */
  active: z.boolean(),
  created_at: z.string(),
  /** Send back as `expected_updated_at` with PUT (`console_edit_conflict` when stale). */
  updated_at: z.string(),
  net_prices: z.array(partnerNetPriceSchema),
});
export type Partner = z.infer<typeof partnerSchema>;

// GET /partners: the organisation's partners by name.
export const partnerListSchema = z.object({ partners: z.array(partnerSchema) });

/** A ticket type of the organisation a net price can be set for (the editor's choices). */
export const partnerPriceableTicketTypeSchema = z.object({
  ticket_type_id: z.number().int(),
  site_code: z.string(),
  product_id: z.number().int(),
  product_name: localizedTextSchema,
  ticket_type_name: localizedTextSchema,
  list_price_yen: z.number().int(),
});

// GET /partners/:id: the partner, its tokens (newest first) and every ticket type it could be priced for.
export const partnerDetailSchema = z.object({
  partner: partnerSchema,
  tokens: z.array(apiTokenSchema),
  ticket_types: z.array(partnerPriceableTicketTypeSchema),
});
export type PartnerDetail = z.infer<typeof partnerDetailSchema>;

// POST /partners and PUT /partners/:id: the whole partner; `net_prices` replaces the partner's set (a ticket
// type left out is no longer sold to it). A ticket type of another organisation answers 404; a name the
// organisation already gave another partner answers 409 `console_code_taken`.
export const partnerBodySchema = z.object({
  name: storableText().trim().min(1).max(200),
  contact_name: storableText().trim().max(200).default(''),
  contact_email: z.union([z.literal(''), z.email().max(254)]).default(''),
  mails_customers: z.boolean(),
  active: z.boolean().default(true),
  net_prices: z
    .array(partnerNetPriceInputSchema)
    .max(1000)
    .refine(
      (prices) => new Set(prices.map((price) => price.ticket_type_id)).size === prices.length,
      'a ticket type appears twice',
    ),
});
export type PartnerBody = z.infer<typeof partnerBodySchema>;

export const updatePartnerBodySchema = partnerBodySchema.extend({
  /** The partner's `updated_at` as it was read: a change made meanwhile answers `console_edit_conflict`. */
  expected_updated_at: z.string().min(1).max(64),
});
export type UpdatePartnerBody = z.infer<typeof updatePartnerBodySchema>;

/** `/partners/:id`. */
export const partnerParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'must be a positive integer id')
    .transform(Number),
});
