import { z } from 'zod';
import { currencySchema, orderProcedureSchema, siteCodeSchema, ENVIRONMENTS } from './enums.ts';
import { localizedTextSchema, optionItemSchema } from './i18n-text.ts';

const size = z.object({ width: z.number().int().positive(), height: z.number().int().positive() });
const urlOrPath = z.string().min(1);
/** `#rrggbb`: the web app writes these into CSS custom properties, so nothing else may get through. */
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'expected a colour as #rrggbb');
const perEnvironment = z.object(
  Object.fromEntries(ENVIRONMENTS.map((env) => [env, z.string()])) as Record<
    (typeof ENVIRONMENTS)[number],
    z.ZodString
  >,
);

/** A second card processor (two sites): token and 3-D Secure scripts, merchant and post URL per environment. */
const secondaryCardProcessor = z.object({
  tokenScriptUrl: perEnvironment,
  threeDsScriptUrl: perEnvironment,
  merchantId: z.string(),
  serviceId: z.string(),
  postUrl: perEnvironment,
});

/** Per-site settings (spec §3 "Per-site settings", §9). Stored as a validated document per site. */
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
    appDownloadUrl: z.string().nullable(),
    exhibitionInfoUrl: z.string().nullable(),
    helpUrl: z.string().nullable(),
    extraLinks: z.array(z.object({ label: localizedTextSchema, url: urlOrPath })).max(2),
    termsUrl: z.string().nullable(),
    legalNoticeUrl: z.string().nullable(),
    privacyUrl: z.string().nullable(),
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
    cardProviderKeys: z.record(z.string(), z.string()),
    merchantIds: z.record(z.string(), z.string()),
    deviceFingerprintScriptUrl: z.string().nullable(),
    secondaryCardProcessor: secondaryCardProcessor.nullable(),
    thirdProcessor: z.object({ key: z.string(), environment: z.enum(ENVIRONMENTS) }).nullable(),
  }),
  analytics: z.object({ tagManagerId: z.string().nullable(), gatagKeyUrl: z.string().nullable() }),
  completePage: z.object({ showGoToTicketButton: z.boolean() }),
  layout: z.object({ orderProcedure: orderProcedureSchema }),
  calendar: z.object({ colorized: z.boolean() }),
  appDownloadModalImage: z.string().nullable(),
  /** Minutes a temporary order holds its stock before it is released. */
  holdMinutes: z.number().int().min(1).max(120),
  /** A slot with at most this many tickets left shows the few-in-stock message. */
  fewStockThreshold: z.number().int().min(0),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** GET /api/v1/configurations */
export const configurationResponseSchema = z.object({
  siteCode: siteCodeSchema,
  environment: z.enum(ENVIRONMENTS),
  mode: z.enum(['reconnect', 'demo']).nullable(),
  settings: siteSettingsSchema,
});
export type ConfigurationResponse = z.infer<typeof configurationResponseSchema>;
