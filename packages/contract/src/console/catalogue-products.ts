import { z } from 'zod';
import { LANG_CODES, type LangCode } from '../enums.ts';
import { langCodeSchema, productTypeSchema, salesChannelSchema, siteCodeSchema } from '../enum-schemas.ts';
import { numericIdSchema } from '../endpoints/catalogue-common.ts';
import { storableText } from '../validation/storable-text.ts';

/** The largest id or version the catalogue's integer columns hold: anything above is refused as input. */
export const MAX_ROW_INTEGER = 2_147_483_647;
/** A catalogue row's id in a body. */
export const catalogueIdSchema = z.number().int().min(1).max(MAX_ROW_INTEGER);

/** `/sites/:site/products/:id` (also ticket types, set products): a site named by its code, an object by id. */
export const catalogueIdParamsSchema = z.object({
  site: siteCodeSchema,
  id: numericIdSchema.refine((id) => id <= MAX_ROW_INTEGER, 'no such id'),
});

/** The highest price the console accepts for a ticket type or a set product, in yen. */
export const MAX_PRICE_YEN = 10_000_000;
export const MAX_NAME_LENGTH = 200;
export const MAX_LONG_TEXT_LENGTH = 5_000;

/** The version a write was based on (returned by every read); a stale one answers `console edit conflict`. */
export const expectedVersionSchema = z.number().int().min(1).max(MAX_ROW_INTEGER);

/** A visitor-facing text in the six languages, each at most `max` characters ('' = not written yet). */
export const consoleLocalizedTextSchema = (max: number) =>
  z.object(
    Object.fromEntries(LANG_CODES.map((lang) => [lang, storableText().trim().max(max)])) as Record<
      LangCode,
      ReturnType<typeof storableText>
    >,
  );
/** A name: at least one language written (the others may wait, see `translation_gaps`). */
export const consoleNamesSchema = consoleLocalizedTextSchema(MAX_NAME_LENGTH).refine(
  (names) => LANG_CODES.some((lang) => names[lang].trim() !== ''),
  { message: 'a name in at least one language is required' },
);

export const priceSchema = z.number().int().min(0).max(MAX_PRICE_YEN);

/** Publication: only `published` products are listed and sold to visitors; `retired` ones are kept for orders. */
export const PRODUCT_STATUSES = ['draft', 'published', 'retired'] as const;
export const productStatusSchema = z.enum(PRODUCT_STATUSES);
export type ProductStatus = z.infer<typeof productStatusSchema>;

/**
 * A field with text in some languages and not in others: `field` is a path such as `names`, `descriptions`,
 * `cautions`, `ticket_types.12.names`; `languages` are the ones still empty. A field empty in every language
 * (no caution at all) is not a gap.
 */
export const translationGapSchema = z.object({ field: z.string(), languages: z.array(langCodeSchema) });
export type TranslationGap = z.infer<typeof translationGapSchema>;

/** A ticket type (`option_values`): adult, child, ... with its price in yen for sales from now on. */
export const ticketTypeSchema = z.object({
  id: z.number().int(),
  names: z.record(langCodeSchema, z.string()),
  price: z.number().int(),
  position: z.number().int(),
  version: z.number().int(),
  /** An order line references it: it can be renamed and repriced (future sales) but not removed. */
  in_use: z.boolean(),
});
export type TicketType = z.infer<typeof ticketTypeSchema>;

/**
 * When a slot stops selling (ADR 009; fixed by the product type, the same on every channel): a timed slot
 * at its start (`slot_start`), a day ticket or a pass when its span ends (`span_end`).
 */
export const saleCutoffSchema = z.enum(['slot_start', 'span_end']);

/** One product in the list (the schedule's generator reads id, uuid, names and product_type). */
export const productSummarySchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  product_type: productTypeSchema,
  names: z.record(langCodeSchema, z.string()),
  status: productStatusSchema,
  position: z.number().int(),
  version: z.number().int(),
  sale_channels: z.array(salesChannelSchema),
  sale_starts_at: z.string().nullable(),
  sale_ends_at: z.string().nullable(),
  ticket_types: z.array(ticketTypeSchema),
  /** How many fields miss a language (details in the product's read). */
  translation_gap_count: z.number().int(),
  updated_at: z.string(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const productListSchema = z.object({ products: z.array(productSummarySchema) });
export type ProductList = z.infer<typeof productListSchema>;

/** A product as the editor shows it. */
export const productDetailSchema = productSummarySchema.extend({
  descriptions: z.record(langCodeSchema, z.string()),
  cautions: z.record(langCodeSchema, z.string()),
  image_url: z.string().nullable(),
  min_quantity: z.number().int(),
  max_quantity: z.number().int(),
  /** Early-entry margin and late-entry grace around the slot, in minutes (ADR 111). */
  entry_opens_minutes_before: z.number().int(),
  entry_closes_minutes_after: z.number().int(),
  date_changeable: z.boolean(),
  date_change_until_minutes: z.number().int(),
  date_change_group: z.string().nullable(),
  sale_cutoff: saleCutoffSchema,
  /** Set products offered with this product (ids of `set_products`). */
  set_product_ids: z.array(z.number().int()),
  translation_gaps: z.array(translationGapSchema),
  /** A draft no order references: it may be deleted (otherwise retire it). */
  deletable: z.boolean(),
  /** The waiting room for its on-sale rush (issue 31, ADR 095). */
  waiting_room: z.object({
    enabled: z.boolean(),
    opens_at: z.string().nullable(),
    admit_per_minute: z.number().int().nullable(),
  }),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;
export const productResponseSchema = z.object({ product: productDetailSchema });
export type ProductResponse = z.infer<typeof productResponseSchema>;

/** A sale's start or end: an ISO date-time with its offset, between 2000 and 2100 (PostgreSQL has no year 0). */
const isoDateTime = z.iso.datetime({ offset: true }).refine((value) => {
  const at = Date.parse(value);
  return at >= Date.UTC(2000, 0, 1) && at < Date.UTC(2100, 0, 1);
}, 'must be between 2000 and 2100');
const imageUrlSchema = storableText()
  .trim()
  .max(2_000)
  // An https URL, or a path on this server (`/images/a.jpg`, `images/a.jpg`): no other scheme (`javascript:`).
  .regex(/^(https:\/\/\S+|(?!\/\/)\/?[A-Za-z0-9._~/-]+)$/, 'must be an https URL or a path on this server');

/** The most visitors a queue admits per minute when the operator sets the rate. */
export const MAX_ADMIT_PER_MINUTE = 100_000;

/**
 * A product's waiting room (issue 31, ADR 095). `enabled` puts a queue in force from `opens_at` (when sales
 * open; null = at once) until nothing is left to sell; `admit_per_minute` null = automatic, from the holds the
 * server measured it can serve. Absent from an update: left as it was; from a create: off.
 */
export const productWaitingRoomSchema = z.object({
  enabled: z.boolean(),
  opens_at: isoDateTime.nullable(),
  admit_per_minute: z.number().int().min(1).max(MAX_ADMIT_PER_MINUTE).nullable(),
});
export type ProductWaitingRoom = z.infer<typeof productWaitingRoomSchema>;

/** A product's early-entry margin and late-entry grace when the operator leaves them empty (ADR 111). */
export const DEFAULT_ENTRY_MARGIN_MINUTES = 30;

/**
 * Minutes the gate admits before the slot starts (early-entry margin) or after it ends (late-entry grace),
 * at most a day (the gate never admits outside the slot's day anyway). Empty (null) takes the default: every
 * product has a window, so a ticket for another day is `invalid_time` (ADR 111).
 */
const entryMarginSchema = z
  .number()
  .int()
  .min(0)
  .max(1440)
  .nullable()
  .transform((minutes) => minutes ?? DEFAULT_ENTRY_MARGIN_MINUTES);

/** The editable fields of a product (create and update). */
export const productFieldsSchema = z.object({
  names: consoleNamesSchema,
  descriptions: consoleLocalizedTextSchema(MAX_LONG_TEXT_LENGTH),
  cautions: consoleLocalizedTextSchema(MAX_LONG_TEXT_LENGTH),
  image_url: imageUrlSchema.nullable(),
  sale_channels: z.array(salesChannelSchema).min(1).max(5),
  min_quantity: z.number().int().min(1).max(100),
  max_quantity: z.number().int().min(1).max(100),
  sale_starts_at: isoDateTime.nullable(),
  sale_ends_at: isoDateTime.nullable(),
  entry_opens_minutes_before: entryMarginSchema,
  entry_closes_minutes_after: entryMarginSchema,
  date_changeable: z.boolean(),
  date_change_until_minutes: z.number().int().min(0).max(525_600),
  date_change_group: storableText().trim().max(100).nullable(),
  waiting_room: productWaitingRoomSchema.optional(),
});
export type ProductFields = z.infer<typeof productFieldsSchema>;

type FieldsShape = {
  min_quantity: number;
  max_quantity: number;
  sale_starts_at: string | null;
  sale_ends_at: string | null;
  sale_channels: readonly string[];
};
/** Rules across fields: min ≤ max quantity, a sale that ends after it starts, no channel twice. */
function crossFieldRules(value: FieldsShape, ctx: z.RefinementCtx): void {
  if (value.min_quantity > value.max_quantity) {
    ctx.addIssue({ code: 'custom', path: ['max_quantity'], message: 'must be at least min_quantity' });
  }
  if (value.sale_starts_at && value.sale_ends_at) {
    if (Date.parse(value.sale_ends_at) <= Date.parse(value.sale_starts_at)) {
      ctx.addIssue({ code: 'custom', path: ['sale_ends_at'], message: 'must be after sale_starts_at' });
    }
  }
  if (new Set(value.sale_channels).size !== value.sale_channels.length) {
    ctx.addIssue({ code: 'custom', path: ['sale_channels'], message: 'a channel is listed twice' });
  }
}

export const newTicketTypeSchema = z.object({ names: consoleNamesSchema, price: priceSchema });
export type NewTicketType = z.infer<typeof newTicketTypeSchema>;

/** A new product: a draft (publish it when ready), with its first ticket types. */
export const createProductBodySchema = productFieldsSchema
  .extend({
    product_type: productTypeSchema,
    ticket_types: z.array(newTicketTypeSchema).max(30).default([]),
  })
  .superRefine(crossFieldRules);
export type CreateProductBody = z.input<typeof createProductBodySchema>;

/** Every editable field again (the editor sends the whole form), with the version it was based on. */
export const updateProductBodySchema = productFieldsSchema
  .extend({ expected_version: expectedVersionSchema })
  .superRefine(crossFieldRules);
export type UpdateProductBody = z.input<typeof updateProductBodySchema>;

/** The new display order of the site's products: every listed id with the version it was seen at. */
export const reorderProductsBodySchema = z.object({
  products: z
    .array(z.object({ id: catalogueIdSchema, expected_version: expectedVersionSchema }))
    .min(1)
    .max(500),
});
export type ReorderProductsBody = z.infer<typeof reorderProductsBodySchema>;

/** Publish, unpublish (back to draft) or retire. */
export const productStatusBodySchema = z.object({ expected_version: expectedVersionSchema });
/**
 * Publishing with a language missing answers `console translation missing` (issues name `field.lang`)
 * unless `confirm_fallback` is true: visitors then see the fallback language (ja), and the audit says so.
 */
export const publishProductBodySchema = productStatusBodySchema.extend({
  confirm_fallback: z.boolean().default(false),
});
export type PublishProductBody = z.input<typeof publishProductBodySchema>;

/**
 * `?expected_version=` of a DELETE: always sent by the console. Optional in the schema so that a request for an
 * object that is not there (or not the organisation's) answers 404 before anything else; the server then
 * refuses a missing version with `invalid request` (issue `querystring.expected_version`).
 */
export const expectedVersionQuerySchema = z.object({
  expected_version: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'must be a positive integer')
    .transform(Number)
    .pipe(expectedVersionSchema)
    .optional(),
});

export const deletedSchema = z.object({ deleted: z.literal(true) });

/** A ticket type added to the product (`expected_version`: the product's, whose version it bumps). */
export const createTicketTypeBodySchema = newTicketTypeSchema.extend({
  expected_version: expectedVersionSchema,
});
export type CreateTicketTypeBody = z.infer<typeof createTicketTypeBodySchema>;

/** A ticket type's names and price (`expected_version`: the ticket type's). A price applies to new sales only. */
export const updateTicketTypeBodySchema = newTicketTypeSchema.extend({
  expected_version: expectedVersionSchema,
});
export type UpdateTicketTypeBody = z.infer<typeof updateTicketTypeBodySchema>;

/** The product's ticket types in their new order (every id once; `expected_version`: the product's). */
export const reorderTicketTypesBodySchema = z.object({
  expected_version: expectedVersionSchema,
  ids: z.array(catalogueIdSchema).min(1).max(30),
});
export type ReorderTicketTypesBody = z.infer<typeof reorderTicketTypesBodySchema>;
