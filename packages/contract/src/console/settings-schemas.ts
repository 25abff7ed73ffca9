import { z } from 'zod';
import { langCodeSchema, paymentMethodSchema, salesChannelSchema, siteCodeSchema } from '../enum-schemas.ts';
import { LANG_CODES } from '../enums.ts';
import { localizedTextSchema } from '../i18n-text.ts';
import { secretToken } from '../secret.ts';
import { siteModeSchema, storedSiteSettingsSchema } from '../site-settings.ts';
import { storableText } from '../validation/storable-text.ts';
import { SITE_TEXT_DOCUMENT_NAMES, SITE_TEXT_MAX_LENGTH } from './settings-texts.ts';

/**
 * The console's site settings (issue 28, ADR 071). Wire names of the console API are snake_case as in part 1;
 * the settings document itself (`settings`, the stored `sites.settings`) keeps the camelCase of the contract's
 * `storedSiteSettingsSchema`, which the visitor side serves, so the form edits exactly what visitors get.
 */

const version = z.number().int().min(0);
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'expected a colour as #rrggbb');
/** A calendar date that exists (2031-02-30 does not). */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'no such date');

/** Values only the server reads: typed columns of `sites` (ADR 013, 014). `null`: the default applies. */
export const serverSiteSettingsSchema = z.object({
  /** Minutes a hold keeps its seats; null: the environment's HOLD_MINUTES. */
  hold_minutes: z.number().int().min(1).max(120).nullable(),
  /** A slot with at most this many tickets left shows as "few". */
  few_stock_threshold: z.number().int().min(0).max(100_000),
  /** Whether the visitor calendar shows the day colours (`calendar_colors`). */
  calendar_colorized: z.boolean(),
  /** Open orders one client may hold at once; null: no cap. */
  max_open_orders_per_client: z.number().int().min(1).max(1000).nullable(),
  /** Tickets one client may hold in one slot; null: no cap. */
  max_tickets_per_client_slot: z.number().int().min(1).max(10_000).nullable(),
  /** `sites.mode`, served as GET /configurations' `mode` (ADR 112 addendum); null: normal. */
  mode: siteModeSchema,
});
export type ServerSiteSettings = z.infer<typeof serverSiteSettingsSchema>;

/** A sign-in field of the order form; its position is its index in the list. */
export const fieldTemplateEditSchema = z.object({
  field_name: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'expected a field name such as resident_area'),
  field_type: z.enum(['text', 'select']),
  is_display: z.boolean(),
  is_require: z.boolean(),
});
export type FieldTemplateEdit = z.infer<typeof fieldTemplateEditSchema>;

/** A coloured day of the visitor calendar (when `calendar_colorized`). */
export const calendarColorEditSchema = z.object({ date: isoDate, color_code: hexColor });

/** A payment method of a channel; its position is its index among the channel's methods in the list. */
export const paymentMethodEditSchema = z.object({
  channel: salesChannelSchema,
  method: paymentMethodSchema,
  enabled: z.boolean(),
});
export type PaymentMethodEdit = z.infer<typeof paymentMethodEditSchema>;

/** A language of the site's picker; its position is its index; exactly one is the default. */
export const siteLanguageEditSchema = z.object({
  code: langCodeSchema,
  display_name: storableText().trim().min(1).max(40),
  is_default: z.boolean(),
});
export type SiteLanguageEdit = z.infer<typeof siteLanguageEditSchema>;

/** Everything editable of a site, with the version a write must send back as `expected_version`. */
export const consoleSiteSettingsSchema = z.object({
  site: z.object({ code: siteCodeSchema, slug: z.string() }),
  version,
  settings: storedSiteSettingsSchema,
  server: serverSiteSettingsSchema,
  field_templates: z.array(fieldTemplateEditSchema),
  calendar_colors: z.array(calendarColorEditSchema),
  payment_methods: z.array(paymentMethodEditSchema),
  languages: z.array(siteLanguageEditSchema),
});
export type ConsoleSiteSettings = z.infer<typeof consoleSiteSettingsSchema>;

/**
 * A write: `expected_version` and any of the parts. `settings` may be partial: each top-level section given
 * replaces the stored one (e.g. `{ theme: {...} }`), the result is checked as a whole against the contract's
 * schema, the contrast rule (settings-contrast.ts) and the script allow-list (settings-scripts.ts). A list
 * given (field_templates, calendar_colors, payment_methods, languages) replaces the stored list.
 */
export const updateSiteSettingsBodySchema = z.object({
  expected_version: version,
  settings: storedSiteSettingsSchema.partial().optional(),
  server: serverSiteSettingsSchema.partial().optional(),
  field_templates: z.array(fieldTemplateEditSchema).max(40).optional(),
  calendar_colors: z.array(calendarColorEditSchema).max(3000).optional(),
  payment_methods: z.array(paymentMethodEditSchema).max(200).optional(),
  languages: z.array(siteLanguageEditSchema).min(1).max(LANG_CODES.length).optional(),
});
export type UpdateSiteSettingsBody = z.infer<typeof updateSiteSettingsBodySchema>;

// Site texts -----------------------------------------------------------------------------------------

export const siteTextDocumentSchema = z.enum(SITE_TEXT_DOCUMENT_NAMES);

/** One editable key: the shared text per language, and the site's override per language (null: none). */
export const siteTextEntrySchema = z.object({
  key: z.string(),
  shared: z.record(langCodeSchema, z.string().nullable()),
  site: z.record(langCodeSchema, z.string().nullable()),
});

export const siteTextsSchema = z.object({
  version,
  /** The keys of each document, in the order the page shows them (SITE_TEXT_DOCUMENTS). */
  entries: z.array(siteTextEntrySchema),
});
export type SiteTexts = z.infer<typeof siteTextsSchema>;

/** A site's override of one key in one language; `text: null` removes it (the shared text applies again). */
export const siteTextChangeSchema = z.object({
  key: z.string(),
  lang: langCodeSchema,
  text: storableText().max(SITE_TEXT_MAX_LENGTH).nullable(),
});

export const updateSiteTextsBodySchema = z.object({
  expected_version: version,
  changes: z.array(siteTextChangeSchema).min(1).max(400),
});

/** The preview of a document in one language, with unsaved `changes` applied over the stored texts. */
export const previewSiteTextsBodySchema = z.object({
  document: siteTextDocumentSchema,
  lang: langCodeSchema,
  changes: z.array(siteTextChangeSchema).max(400).default([]),
});

/** The document as the visitor page shows it: texts with `{site}` and `{currency}` filled in. */
export const siteTextPreviewSchema = z.object({
  document: siteTextDocumentSchema,
  lang: langCodeSchema,
  title: z.string(),
  intro: z.string().nullable(),
  sections: z.array(z.object({ title: z.string(), text: z.string() })),
  /** When the site links an external page for this document instead (the footer's URL), that URL. */
  external_url: z.string().nullable(),
});
export type SiteTextPreview = z.infer<typeof siteTextPreviewSchema>;

// Images ---------------------------------------------------------------------------------------------

/** The largest image accepted, in bytes, and its largest side in pixels. */
export const SITE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const SITE_IMAGE_MAX_SIDE = 4000;
export const SITE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Where an uploaded image is served (every server process, content-addressed, cached for a year). */
export const SITE_IMAGE_PATH = '/site-images';
export const siteImageUrlSchema = z
  .string()
  .regex(/^\/site-images\/[0-9a-f]{64}\.(png|jpg|webp)$/, 'expected an uploaded image (/site-images/...)');

/** What the image is for: the form puts its URL into that field of the settings document. */
export const siteImagePurposeSchema = z.enum([
  'header_logo_black',
  'header_logo_white',
  'print_logo',
  'app_download_modal',
]);

/**
 * The longest base64 the route reads (about 2.6 MB of file): a file a little over SITE_IMAGE_MAX_BYTES still
 * reaches the server's check and is answered console_image_rejected; the route's body limit is 4 MB.
 */
export const SITE_IMAGE_MAX_BASE64 = 3_600_000;

/**
 * An upload: the file's bytes as base64 in JSON (PNG, JPEG or WebP; never SVG), up to SITE_IMAGE_MAX_BYTES:
 * checked by content on the server (console_image_rejected with issues on `data_base64`).
 */
export const uploadSiteImageBodySchema = z.object({
  purpose: siteImagePurposeSchema,
  data_base64: z
    .string()
    .min(1, 'choose an image')
    .max(SITE_IMAGE_MAX_BASE64, 'the image is larger than 2 MB')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'expected the file as base64'),
});

export const siteImageSchema = z.object({
  url: siteImageUrlSchema,
  sha256: z.string(),
  mime: z.enum(SITE_IMAGE_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type SiteImage = z.infer<typeof siteImageSchema>;
export const uploadedSiteImageSchema = z.object({ purpose: siteImagePurposeSchema, image: siteImageSchema });

// Secrets --------------------------------------------------------------------------------------------

/** The secrets the server's gateways read today; a site may hold others (listed as stored). */
export const KNOWN_SITE_SECRETS = [
  'gmo_shop_pass',
  'stripe_secret_key',
  'stripe_webhook_secret',
  // A venue's previous own Stripe account, kept while its payments may still be refunded (server ADR 127).
  'stripe_previous_secret_key',
  'stripe_previous_webhook_secret',
  'softbank_hash_key',
  'dpay_client_secret',
  // The second/third card processor's server key (ADR 101), for its real API.
  'card2_server_key',
] as const;

export const siteSecretNameSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]{2,63}$/, 'expected a secret name such as gmo_shop_pass');
export const consoleSiteSecretParamsSchema = z.object({ site: siteCodeSchema, name: siteSecretNameSchema });

/** A secret as the console shows it: never its value. */
export const siteSecretStatusSchema = z.object({
  name: z.string(),
  set: z.boolean(),
  changed_at: z.string().nullable(),
  changed_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type SiteSecretStatus = z.infer<typeof siteSecretStatusSchema>;
export const siteSecretListSchema = z.object({ secrets: z.array(siteSecretStatusSchema) });

/** Write-only: the value is encrypted at rest and never answered; needs re-authentication. */
export const setSiteSecretBodySchema = z.object({
  value: secretToken(storableText().min(1).max(4096)),
});
export const siteSecretChangedSchema = z.object({ secret: siteSecretStatusSchema });

// New site -------------------------------------------------------------------------------------------

/** A site's slug: the first segment of its visitor URLs (`/{slug}/`). */
export const siteSlugSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{1,39}$/, 'expected lowercase letters, digits and hyphens, starting with a letter');

/**
 * A new site copied from `from_site` (its settings, texts, languages, payment methods and field templates;
 * never products, orders or secrets), in the staff member's organisation. Owner-like roles only (settings
 * write on all sites). A reserved or taken slug answers console_slug_unavailable, a taken code
 * console_code_taken.
 */
export const createSiteBodySchema = z.object({
  from_site: siteCodeSchema,
  code: siteCodeSchema,
  slug: siteSlugSchema,
  name: localizedTextSchema.refine(
    (name) => Object.values(name).every((text) => text.trim().length > 0 && text.length <= 200),
    'a name in every language, up to 200 characters',
  ),
});
export const createdSiteSchema = z.object({ site: z.object({ code: siteCodeSchema, slug: z.string() }) });
