/**
 * A site code is data (a row of the `sites` table, ADR 014): adding a venue needs no release. The pattern
 * keeps codes safe to render into `<body data-site>` and to use in file and storage names.
 */
export const SITE_CODE_PATTERN = /^[A-Z][A-Z0-9_]{1,39}$/;
export type SiteCode = string;

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
export type LangCode = (typeof LANG_CODES)[number];
export const FALLBACK_LANG: LangCode = 'ja';

/** One of the six language codes (a query parameter, a cookie, a stored value: anything from outside). */
export function isLangCode(value: unknown): value is LangCode {
  return typeof value === 'string' && (LANG_CODES as readonly string[]).includes(value);
}

export const SALES_CHANNELS = ['web', 'pos', 'kiosk', 'OTA', 'spot'] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];

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
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PRODUCT_TYPES = ['period', 'date', 'time'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const DISCOUNT_TYPES = ['percent', 'fixed'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const ORDER_PROCEDURES = ['selectProductBeforeDate', 'selectDateBeforeProduct'] as const;
export type OrderProcedure = (typeof ORDER_PROCEDURES)[number];

export const CHECK_IN_RESULTS = ['available', 'success', 'used', 'invalid_time', 'invalid'] as const;
export const CHECK_IN_MODES = ['gate', 'set'] as const;
export const TAP_STATES = ['init', 'tap', 'success', 'error'] as const;
export const TICKET_CHECK_MODES = ['read_qr', 'tap_ticket'] as const;

export const CURRENCIES = ['JPY', 'USD', 'EUR', 'SAR'] as const;

export const STOCK_STATUSES = ['available', 'few', 'sold_out', 'not_on_sale'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

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
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ENVIRONMENTS = ['development', 'staging', 'production'] as const;
