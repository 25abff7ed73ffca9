import { z } from 'zod';
import { ENVIRONMENTS } from './enums.ts';
import { currencySchema, orderProcedureSchema, siteCodeSchema } from './enum-schemas.ts';
import { localizedTextSchema, optionItemSchema } from './i18n-text.ts';

const size = z.object({ width: z.number().int().positive(), height: z.number().int().positive() });
/**
 * A link the visitor's page renders as an href: an https URL or a path on this server, the rule of a
 * product's image_url (console/catalogue-products.ts). No other scheme (`javascript:`, `data:`, `http:`).
 */
const linkUrl = z
  .string()
  .max(2_000)
  .regex(/^(https:\/\/\S+|(?!\/\/)\/?[A-Za-z0-9._~/-]+)$/, 'must be an https URL or a path on this server');
/** `#rrggbb`: the web app writes these into CSS custom properties, so nothing else may get through. */
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'expected a colour as #rrggbb');
const perEnvironment = z.object(
  Object.fromEntries(ENVIRONMENTS.map((env) => [env, z.string()])) as Record<
    (typeof ENVIRONMENTS)[number],
    z.ZodString
  >,
);

/**
 * Provider keys the browser uses are public (a Stripe publishable key, a shop id). A secret key pasted into
 * the public document must fail loudly rather than be served: secrets live in `site_secrets` (ADR 014).
 */
const SECRET_KEY = /^(sk|rk)_(live|test)_/;
const publicKey = z
  .string()
  .refine(
    (value) => !SECRET_KEY.test(value),
    'a secret key belongs in site_secrets, never in public settings',
  );

/** A second card processor (two sites): token and 3-D Secure scripts, merchant and post URL per environment. */
const secondaryCardProcessor = z.object({
  tokenScriptUrl: perEnvironment,
  threeDsScriptUrl: perEnvironment,
  merchantId: z.string(),
  serviceId: z.string(),
  postUrl: perEnvironment,
});

/** The partner brands a site's footer may show (spec §10). */
export const PARTNER_BRANDS = ['resort', 'retail', 'bank', 'telecom'] as const;
export type PartnerBrand = (typeof PARTNER_BRANDS)[number];

/**
 * Per-site settings the browser sees (spec §3 "Per-site settings", §9), served by GET /configurations.
 * Values only the server reads are typed columns of `sites`, secrets are in `site_secrets` (ADR 014).
 */
export const siteSettingsSchema = z.object({
  kind: z.enum(['art', 'museum', 'cafe', 'garden']),
  name: localizedTextSchema,
  isMailConfirm: z.boolean(),
  isOnlyStartMailConfirm: z.boolean(),
  isUseMembershipLogin: z.boolean(),
  pageTitle: localizedTextSchema,
  theme: z.object({ primary: hexColor, onPrimary: hexColor, accent: hexColor, background: hexColor }),
  logo: z.object({ variant: z.enum(['black', 'white']), pc: size, sp: size }),
  printLogo: z.boolean(),
  footer: z.object({
    showProviderBrand: z.boolean(),
    copyright: z.string().nullable(),
    appDownloadUrl: linkUrl.nullable(),
    exhibitionInfoUrl: linkUrl.nullable(),
    helpUrl: linkUrl.nullable(),
    extraLinks: z.array(z.object({ label: localizedTextSchema, url: linkUrl })).max(2),
    /**
     * Partner brands the site's footer shows (spec §10: resort, retail, bank, telecom; issue 32 item 29), drawn
     * as stand-in marks, never a real brand's. Optional: documents stored before it show none.
     */
    partnerBrands: z.array(z.enum(PARTNER_BRANDS)).max(PARTNER_BRANDS.length).optional(),
    termsUrl: linkUrl.nullable(),
    legalNoticeUrl: linkUrl.nullable(),
    privacyUrl: linkUrl.nullable(),
  }),
  signIn: z.object({
    residentArea: z.object({ inputType: z.enum(['text', 'select']), options: z.array(optionItemSchema) }),
    genderOptions: z.array(optionItemSchema),
    ageOptions: z.array(optionItemSchema),
    question1Items: z.array(optionItemSchema),
    mailMagazineDefault: z.boolean(),
    teamlabMailMagazineDefault: z.boolean(),
  }),
  ticketDisplay: z.object({
    displayType: z.enum(['fusion', 'separate']),
    headerColor: z.object({ pc: hexColor, sp: hexColor }),
    headerLogo: z.object({ pc: z.boolean(), sp: z.boolean() }),
  }),
  currency: currencySchema,
  payment: z.object({
    cardProviderKeys: z.record(z.string(), publicKey),
    merchantIds: z.record(z.string(), z.string()),
    // Loaded as a script on the payment page: https or this server's path, never `javascript:`/`http:` (finding 20).
    deviceFingerprintScriptUrl: linkUrl.nullable(),
    secondaryCardProcessor: secondaryCardProcessor.nullable(),
    thirdProcessor: z.object({ key: publicKey, environment: z.enum(ENVIRONMENTS) }).nullable(),
  }),
  analytics: z.object({ tagManagerId: z.string().nullable(), gatagKeyUrl: z.string().nullable() }),
  completePage: z.object({ showGoToTicketButton: z.boolean() }),
  layout: z.object({ orderProcedure: orderProcedureSchema }),
  calendar: z.object({ colorized: z.boolean() }),
  /**
   * A first visit (no stored language) opens in the browser's preferred language of the six
   * (`Accept-Language`) instead of the site's default (ADR 110). Optional: off for documents stored before it.
   */
  language: z.object({ followBrowser: z.boolean() }).optional(),
  /** The app-download modal's image: https or a path on this server (an uploaded `/site-images/...`). */
  appDownloadModalImage: linkUrl.nullable(),
  /**
   * Logos staff uploaded in the console (issue 28, ADR 071): `/site-images/<sha256>.<ext>` URLs, or null for
   * the built-in drawn logo. Optional: documents stored before it keep working.
   */
  images: z
    .object({
      headerLogoBlack: z.string().nullable(),
      headerLogoWhite: z.string().nullable(),
      printLogo: z.string().nullable(),
    })
    .optional(),
  /**
   * Who issues the receipts (ADR 023): the issuer's name and its qualified-invoice registration number
   * (適格請求書発行事業者登録番号, T and 13 digits). Optional: documents stored before it keep working, and
   * a receipt without it names the site and prints no number (a plain receipt, not a qualified invoice).
   */
  receipt: z
    .object({
      issuerName: localizedTextSchema,
      registrationNumber: z.string().regex(/^T\d{13}$/, 'expected T and 13 digits'),
    })
    .optional(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/**
 * A select list as stored: its items, or `{ list }`, the name of a shared list in `option_lists`
 * (reference data the server keeps current, ADR 013). GET /configurations always serves the items.
 */
export const storedOptionListSchema = z.union([
  z.array(optionItemSchema),
  z.object({ list: z.string().min(1) }),
]);
export type StoredOptionList = z.infer<typeof storedOptionListSchema>;

/**
 * The `sites.settings` document: the served settings without `calendar` (its flag is the typed column
 * `calendar_colorized`, which SQL reads), and with select lists that may name a shared list.
 */
export const storedSiteSettingsSchema = siteSettingsSchema.omit({ calendar: true }).extend({
  signIn: siteSettingsSchema.shape.signIn.extend({
    residentArea: z.object({ inputType: z.enum(['text', 'select']), options: storedOptionListSchema }),
    genderOptions: storedOptionListSchema,
    ageOptions: storedOptionListSchema,
    question1Items: storedOptionListSchema,
  }),
});
export type StoredSiteSettings = z.infer<typeof storedSiteSettingsSchema>;

/**
 * How a site's devices behave (spec §1, ADR 112): `demo` for the demo site, `reconnect` for a site on patchy
 * Wi-Fi; null for normal. Stored in `sites.mode`, set in the console's site settings.
 */
export const siteModeSchema = z.enum(['reconnect', 'demo']).nullable();
export type SiteMode = z.infer<typeof siteModeSchema>;

/** GET /api/v1/configurations */
export const configurationResponseSchema = z.object({
  siteCode: siteCodeSchema,
  environment: z.enum(ENVIRONMENTS),
  mode: siteModeSchema,
  settings: siteSettingsSchema,
});
export type ConfigurationResponse = z.infer<typeof configurationResponseSchema>;
