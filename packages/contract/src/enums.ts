import { z } from 'zod';

/**
 * A site code is data (a row of the `sites` table, ADR 014): adding a venue needs no release. The pattern
 * keeps codes safe to render into `<body data-site>` and to use in file and storage names.
 */
export const SITE_CODE_PATTERN = /^[A-Z][A-Z0-9_]{1,39}$/;
export const siteCodeSchema = z.string().regex(SITE_CODE_PATTERN, 'expected a site code such as BORDERLESS');
export type SiteCode = z.infer<typeof siteCodeSchema>;

/** The 14 sites the spec names (§1): shipped as reference site rows, with demo content (ADR 013). */
export const DEMO_SITE_CODES = [
  'BORDERLESS',
  'LAB_EXHIBITION',
  'DEMO',
  'RUINS',
  'IZURA',
  'CANCANFACTORY',
  'MORI',
  'ARTIZON',
  'SOFTBANK',
  'NISHINIPPON_PRODUCT',
  'NISHINIPPON_DATE',
  'NAGAI',
  'AZABUDAI_BORDERLESS',
  'OKINAWA',
] as const;
export type DemoSiteCode = (typeof DEMO_SITE_CODES)[number];
/** Unknown slugs and codes fall back to this site (spec §1); it is always among the reference sites. */
export const DEFAULT_SITE: DemoSiteCode = 'BORDERLESS';

/** Display order of the picker comes from the database; this is only the closed set of codes. */
export const LANG_CODES = ['ja', 'en', 'zh-hans', 'kr', 'zh-hant', 'th'] as const;
export const langCodeSchema = z.enum(LANG_CODES);
export type LangCode = z.infer<typeof langCodeSchema>;
export const FALLBACK_LANG: LangCode = 'ja';

export const SALES_CHANNELS = ['web', 'pos', 'kiosk', 'OTA', 'spot'] as const;
export const salesChannelSchema = z.enum(SALES_CHANNELS);
export type SalesChannel = z.infer<typeof salesChannelSchema>;

export const PAYMENT_METHODS = [
  'gmo',
  'gmo_3ds',
  'gmo_paypay',
  'alipay',
  'stripe',
  'stripe_secure',
  'softbank_credit',
  'softbank_3ds',
  'softbank_alipay',
  'softbank_paypay',
  'd_pay',
  'free',
] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const PRODUCT_TYPES = ['period', 'date', 'time'] as const;
export const productTypeSchema = z.enum(PRODUCT_TYPES);
export type ProductType = z.infer<typeof productTypeSchema>;

export const DISCOUNT_TYPES = ['percent', 'fixed'] as const;
export const discountTypeSchema = z.enum(DISCOUNT_TYPES);
export type DiscountType = z.infer<typeof discountTypeSchema>;

export const ORDER_PROCEDURES = ['selectProductBeforeDate', 'selectDateBeforeProduct'] as const;
export const orderProcedureSchema = z.enum(ORDER_PROCEDURES);
export type OrderProcedure = z.infer<typeof orderProcedureSchema>;

export const CHECK_IN_RESULTS = ['available', 'success', 'used', 'invalid_time', 'invalid'] as const;
export const CHECK_IN_MODES = ['gate', 'set'] as const;
export const TAP_STATES = ['init', 'tap', 'success', 'error'] as const;
export const TICKET_CHECK_MODES = ['read_qr', 'tap_ticket'] as const;

export const CURRENCIES = ['JPY', 'USD', 'EUR', 'SAR'] as const;
export const currencySchema = z.enum(CURRENCIES);

export const STOCK_STATUSES = ['available', 'few', 'sold_out', 'not_on_sale'] as const;
export const stockStatusSchema = z.enum(STOCK_STATUSES);
export type StockStatus = z.infer<typeof stockStatusSchema>;

/**
 * Order statuses (ADR 011). holding → ready_checkout → paying → reserved is the purchase; expired,
 * cancelled and refunded end it. The server's ORDER_TRANSITIONS says which moves are allowed.
 */
export const ORDER_STATUSES = [
  'holding',
  'ready_checkout',
  'paying',
  'reserved',
  'expired',
  'cancelled',
  'refunded',
  /** Its reservation moved to another order by a change of date (ADR 029). */
  'changed',
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const ENVIRONMENTS = ['development', 'staging', 'production'] as const;
