import { z } from 'zod';
import { LANG_CODES, type LangCode } from '../enums.ts';
import { paymentMethodIdSchema, salesChannelSchema, siteCodeSchema } from '../enum-schemas.ts';
import { localizedTextSchema } from '../i18n-text.ts';
import { secretToken } from '../secret.ts';
import { storableText } from '../validation/storable-text.ts';

/**
 * The console's coupons (issue 28, ADR 070): single codes and batches of unique codes, their uses, and the
 * campaigns' coverage dates. The visitor side's rules are ADR 008; these shapes only edit what it reads.
 */

/**
 * What a coupon does: a percentage off what is left (定率), a fixed amount off (定額), or an invitation (one
 * ticket free). A campaign is not a kind of discount: every coupon belongs to one (`campaign`), and coupons of
 * different campaigns never stack; a campaign may limit its visit dates (`coupon_campaigns`).
 */
export const COUPON_KINDS = ['percent', 'fixed', 'invitation'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
/** The list's filter: a kind, or `campaign` for coupons whose campaign limits its visit dates. */
export const COUPON_KIND_FILTERS = [...COUPON_KINDS, 'campaign'] as const;

/** Percent: 1..100 (%). Fixed: 1..10,000,000 (yen). Invitation: no value (answered null, any sent is ignored). */
export const COUPON_PERCENT_MAX = 100;
export const COUPON_FIXED_MAX = 10_000_000;
export const COUPON_USAGE_LIMIT_MAX = 100_000_000;
/** A batch makes 1..10,000 codes at once. */
export const COUPON_BATCH_MAX = 10_000;
/** Generated codes: this many characters of `COUPON_CODE_ALPHABET` after the prefix (31^10 ≈ 8·10^14). */
export const COUPON_BATCH_CODE_LENGTH = 10;
/** No look-alikes: without 0/O, 1/I/L. */
export const COUPON_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A coupon's code as typed by the operator: letters, digits, `-` and `_`, 3 to 64 characters. */
export const couponCodeSchema = storableText()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{2,63}$/, 'letters, digits, - and _ (3 to 64)');
/** A batch's prefix: up to 20 upper-case letters, digits and `-` (`SUMMER-`). */
export const couponPrefixSchema = z
  .literal('')
  .or(z.string().regex(/^[A-Z0-9][A-Z0-9-]{0,19}$/, 'upper-case letters, digits and - (up to 20)'));
export const couponCampaignSchema = storableText().trim().min(1).max(100);

/** A payment-method discount (ADR 103) names at most this many methods (a site offers fewer). */
export const COUPON_PAYMENT_METHODS_MAX = 20;
/**
 * The payment methods a coupon is granted for (ADR 103): null (or absent) for any method, else a non-empty
 * list of method ids the site offers (the server refuses others on the field: `not a payment method of this
 * site`; `GET /sites/:site/coupon-payment-methods` lists those it accepts).
 */
export const couponPaymentMethodsSchema = z
  .array(paymentMethodIdSchema)
  .min(1)
  .max(COUPON_PAYMENT_METHODS_MAX)
  .nullable();

/** Years the database stores and an operator means (PostgreSQL has no year 0: `0000-01-01` is refused here). */
const sensibleYear = (year: number) => year >= 1970 && year <= 2999;
const instantSchema = z.iso
  .datetime({ offset: true })
  .refine((value) => sensibleYear(new Date(value).getUTCFullYear()), 'a year from 1970 to 2999');
const dateSchema = z.iso
  .date()
  .refine((value) => sensibleYear(Number(value.slice(0, 4))), 'a year from 1970 to 2999');

/** A name in every language, each required (the visitor sees the name in the order's language). */
export const couponNamesSchema = z.object(
  Object.fromEntries(LANG_CODES.map((lang) => [lang, storableText().trim().min(1).max(200)])) as Record<
    LangCode,
    z.ZodString
  >,
);

/**
 * What a coupon is, shared by a single code, a batch and every code of the batch. Entry window:
 * `valid_from` inclusive, `valid_to` exclusive (instants). Visit dates: `coverage_from`..`coverage_to`, both
 * included (calendar dates, Tokyo). `product_ids` null means every product; `usage_limit` null means no limit
 * (for a batch: per code).
 */
export const couponDefinitionShape = {
  kind: z.enum(COUPON_KINDS),
  discount_value: z.number().int().nullable(),
  names: couponNamesSchema,
  campaign: couponCampaignSchema,
  valid_from: instantSchema.nullable(),
  valid_to: instantSchema.nullable(),
  coverage_from: dateSchema.nullable(),
  coverage_to: dateSchema.nullable(),
  channels: z.array(salesChannelSchema).min(1).max(5),
  product_ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(500).nullable(),
  usage_limit: z.number().int().min(1).max(COUPON_USAGE_LIMIT_MAX).nullable(),
  enabled: z.boolean(),
  /** Absent is null: any payment method (ADR 103). */
  payment_methods: couponPaymentMethodsSchema.optional(),
};

type DefinitionFields = {
  kind: CouponKind;
  discount_value: number | null;
  valid_from: string | null;
  valid_to: string | null;
  coverage_from: string | null;
  coverage_to: string | null;
  channels: string[];
  payment_methods?: string[] | null;
};

/** The rules across fields, each answered on its field (`issues[].path`). */
export function checkCouponDefinition(value: DefinitionFields, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  // An invitation's value is ignored (ADR 008: it makes one ticket free), so a form may leave one behind.
  if (value.kind !== 'invitation') {
    const max = value.kind === 'percent' ? COUPON_PERCENT_MAX : COUPON_FIXED_MAX;
    if (value.discount_value === null) issue('discount_value', 'required');
    else if (value.discount_value < 1 || value.discount_value > max)
      issue('discount_value', `from 1 to ${max}`);
  }
  if (value.valid_from && value.valid_to && Date.parse(value.valid_from) > Date.parse(value.valid_to)) {
    issue('valid_to', 'must not be before valid_from');
  }
  if (value.coverage_from && value.coverage_to && value.coverage_from > value.coverage_to) {
    issue('coverage_to', 'must not be before coverage_from');
  }
  if (new Set(value.channels).size !== value.channels.length) issue('channels', 'a channel twice');
  const methods = value.payment_methods;
  if (methods && new Set(methods).size !== methods.length) issue('payment_methods', 'a method twice');
}

const expectedVersion = z.number().int().min(1).max(2_147_483_647);

// POST /sites/:site/coupons
export const createCouponBodySchema = z
  .object({ code: couponCodeSchema, ...couponDefinitionShape })
  .superRefine(checkCouponDefinition);
export type CreateCouponBody = z.infer<typeof createCouponBodySchema>;

// PUT /sites/:site/coupons/:id (a code of a batch is edited through its batch: `console in use`)
export const updateCouponBodySchema = z
  .object({ code: couponCodeSchema, ...couponDefinitionShape, expected_version: expectedVersion })
  .superRefine(checkCouponDefinition);
export type UpdateCouponBody = z.infer<typeof updateCouponBodySchema>;

// PATCH /sites/:site/coupons/:id: enable or disable one coupon (a single code or one code of a batch).
export const setCouponEnabledBodySchema = z.object({
  enabled: z.boolean(),
  expected_version: expectedVersion,
});

/** A campaign's own visit dates, when the site set some (null: the campaign does not limit them). */
export const campaignCoverageSchema = z.object({ from: dateSchema.nullable(), to: dateSchema.nullable() });

export const consoleCouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  discount_value: z.number().int().nullable(),
  names: localizedTextSchema,
  campaign: z.string(),
  campaign_coverage: campaignCoverageSchema.nullable(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  coverage_from: z.string().nullable(),
  coverage_to: z.string().nullable(),
  channels: z.array(z.string()),
  product_ids: z.array(z.number().int()).nullable(),
  usage_limit: z.number().int().nullable(),
  /** The methods the coupon is granted for (ADR 103); null: any method. */
  payment_methods: z.array(z.string()).nullable(),
  /** Uses held now: orders holding, paying or paid with it (a released order gives its use back). */
  used_count: z.number().int(),
  enabled: z.boolean(),
  /** The batch the code was generated in; null for a code typed by the operator. */
  batch_id: z.number().int().nullable(),
  version: z.number().int(),
});
export type ConsoleCoupon = z.infer<typeof consoleCouponSchema>;

const queryIntSchema = (max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, `a number from 0 to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(0).max(max));

// GET /sites/:site/coupons
export const couponListQuerySchema = z.object({
  kind: z.enum(COUPON_KIND_FILTERS).optional(),
  enabled: z.enum(['true', 'false']).optional(),
  /**
   * Part of the code or of a name (any language), case-insensitive. Marked secret: staff search by a whole
   * code, and a code takes money off, so it never reaches a request log.
   */
  q: secretToken(storableText().trim().max(100)).optional(),
  campaign: couponCampaignSchema.optional(),
  /** A batch's codes; without it the list shows the single codes only (batches are listed apart). */
  batch_id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'must be a positive integer id')
    .transform(Number)
    .optional(),
  limit: queryIntSchema(500).pipe(z.number().min(1)).optional(),
  offset: queryIntSchema(100_000).optional(),
});
export type CouponListQuery = z.infer<typeof couponListQuerySchema>;

/** Newest first; `total` counts every match (the page is `limit`, 100 by default). */
export const couponListSchema = z.object({ coupons: z.array(consoleCouponSchema), total: z.number().int() });

export const couponAnswerSchema = z.object({ coupon: consoleCouponSchema });

/** One order holding a use. `reservation_number` is null when the order has none yet, or the staff member may not read orders. */
export const couponUseSchema = z.object({
  code: z.string(),
  reservation_number: z.string().nullable(),
  /** The order's state (holding, ready_checkout, paying, paid, ...). */
  order_status: z.string(),
  /** When the order was made. */
  ordered_at: z.string(),
  /** The amount the coupon took off the order, in yen. */
  discount: z.number().int(),
});

// GET /sites/:site/coupons/:id/uses and /sites/:site/coupon-batches/:id/uses: newest first, up to 500.
export const couponUsesSchema = z.object({
  used_count: z.number().int(),
  /** The total discount of the uses held. */
  discount_total: z.number().int(),
  /** false when the staff member's role has no `orders` read: reservation numbers are left out. */
  orders_visible: z.boolean(),
  uses: z.array(couponUseSchema),
  /** More uses than the list shows. */
  truncated: z.boolean(),
});
export type CouponUses = z.infer<typeof couponUsesSchema>;

// POST /sites/:site/coupon-batches: `count` codes of `prefix` + 10 random characters, one definition.
export const createCouponBatchBodySchema = z
  .object({
    prefix: couponPrefixSchema,
    count: z.number().int().min(1).max(COUPON_BATCH_MAX),
    ...couponDefinitionShape,
  })
  .superRefine(checkCouponDefinition);
export type CreateCouponBatchBody = z.infer<typeof createCouponBatchBodySchema>;

// PUT /sites/:site/coupon-batches/:id: the definition of every code of the batch (codes stay).
export const updateCouponBatchBodySchema = z
  .object({ ...couponDefinitionShape, expected_version: expectedVersion })
  .superRefine(checkCouponDefinition);
export type UpdateCouponBatchBody = z.infer<typeof updateCouponBatchBodySchema>;

export const couponBatchSchema = z.object({
  id: z.number().int(),
  prefix: z.string(),
  count: z.number().int(),
  kind: z.enum(COUPON_KINDS),
  discount_value: z.number().int().nullable(),
  names: localizedTextSchema,
  campaign: z.string(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  coverage_from: z.string().nullable(),
  coverage_to: z.string().nullable(),
  channels: z.array(z.string()),
  product_ids: z.array(z.number().int()).nullable(),
  /** Per code. */
  usage_limit: z.number().int().nullable(),
  /** The methods every code is granted for (ADR 103); null: any method. */
  payment_methods: z.array(z.string()).nullable(),
  /** The batch's own switch; a code can also be disabled alone (`enabled_count`). */
  enabled: z.boolean(),
  enabled_count: z.number().int(),
  /** Uses held by all its codes, and how many codes have at least one. */
  used_count: z.number().int(),
  used_codes: z.number().int(),
  created_at: z.string(),
  version: z.number().int(),
});
export type CouponBatch = z.infer<typeof couponBatchSchema>;

export const couponBatchListSchema = z.object({ batches: z.array(couponBatchSchema) });
export const couponBatchAnswerSchema = z.object({ batch: couponBatchSchema });

// PATCH /sites/:site/coupon-batches/:id: every code of the batch on or off at once.
export const setCouponBatchEnabledBodySchema = setCouponEnabledBodySchema;

/**
 * GET /sites/:site/coupon-batches/:id/codes: a file, not JSON. `text/csv; charset=utf-8` with a BOM (Excel),
 * `content-disposition: attachment; filename="coupons-<site>-<batch id>.csv"`, RFC 4180 quoting, CRLF lines:
 * `code,uses,limit,enabled` then one line per code (limit empty when none; enabled `true`/`false`).
 */
export const COUPON_BATCH_CSV_HEADER = ['code', 'uses', 'limit', 'enabled'] as const;

// GET /sites/:site/coupon-campaigns: every campaign the site's coupons name, and those with coverage set.
export const couponCampaignRowSchema = z.object({
  campaign: z.string(),
  coverage_from: z.string().nullable(),
  coverage_to: z.string().nullable(),
  /** false: no `coupon_campaigns` row (no limit); set it with PUT. */
  has_coverage: z.boolean(),
  coupon_count: z.number().int(),
  /** The coverage row's version; null before it exists (send null as `expected_version` to create it). */
  version: z.number().int().nullable(),
});
export const couponCampaignListSchema = z.object({ campaigns: z.array(couponCampaignRowSchema) });

export const couponCampaignParamsSchema = z.object({
  site: siteCodeSchema,
  campaign: couponCampaignSchema,
});

// PUT /sites/:site/coupon-campaigns/:campaign: the campaign's visit dates (both null: no limit).
export const putCouponCampaignBodySchema = z
  .object({
    coverage_from: dateSchema.nullable(),
    coverage_to: dateSchema.nullable(),
    expected_version: expectedVersion.nullable(),
  })
  .superRefine((value, ctx) => {
    if (value.coverage_from && value.coverage_to && value.coverage_from > value.coverage_to) {
      ctx.addIssue({ code: 'custom', path: ['coverage_to'], message: 'must not be before coverage_from' });
    }
  });
export const couponCampaignAnswerSchema = z.object({ campaign: couponCampaignRowSchema });

/**
 * GET /sites/:site/coupon-payment-methods: the method ids a coupon may be bound to (ADR 103), in the site's
 * display order: those the site offers on any channel whose payments go through checkout, where the condition
 * is held. Not `free` (a total of 0 always passes), nor the counter's or a partner's (`cash`, `card_terminal`,
 * `on_account`: those sales take no coupon).
 */
export const couponPaymentMethodListSchema = z.object({ payment_methods: z.array(z.string()) });
