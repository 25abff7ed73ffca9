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

/**
 * How the payment screen takes a method (ADR 059), the one thing the web needs to know of a method:
 *  - `card`: a card entered on our page, turned into a one-time token by the gateway's script (GMO-PG);
 *  - `element`: the gateway's embedded card element on our page (Stripe.js, ADR 028);
 *  - `redirect`: nothing entered here; the browser goes to the gateway's own pages after the confirm screen
 *    (a wallet's cashier, SoftBank Payment Service's link type) and comes back through a return route;
 *  - `carrier`: the carrier's login first, then its payment page (d払い);
 *  - `free`: nothing to pay (the order totals 0);
 *  - `cash`, `terminal`: the console's cash drawer and card terminal (staff-side; no web screen takes them);
 *  - `account`: on account, the partner is invoiced (issue 30, ADR 088; partner bookings only, never a visitor's).
 */
export const PAYMENT_KINDS = [
  'card',
  'element',
  'redirect',
  'carrier',
  'free',
  'cash',
  'terminal',
  'account',
] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** One method's contract entry: its id and its kind, declared together (ADR 059). */
export interface PaymentMethodEntry<Id extends string = string> {
  readonly id: Id;
  readonly kind: PaymentKind;
}

/**
 * The spec's 12 payment methods and the counter's two (cash, card terminal), each with its kind: one line per method, the only place a method's kind is
 * declared (ADR 059). The server's families and the web's payment screen read it; PAYMENT_METHODS is its keys.
 */
export const PAYMENT_METHOD_KINDS = {
  gmo: 'card',
  gmo_3ds: 'card',
  gmo_paypay: 'redirect',
  alipay: 'redirect',
  stripe: 'element',
  stripe_secure: 'element',
  softbank_credit: 'redirect',
  softbank_3ds: 'redirect',
  softbank_alipay: 'redirect',
  softbank_paypay: 'redirect',
  d_pay: 'carrier',
  free: 'free',
  // Taken at the counter (box office, issue 29): the money changes hands there; never offered on the web.
  cash: 'cash',
  card_terminal: 'terminal',
  // A partner's booking through the partner API (channel OTA, issue 30): owed at net price, invoiced later.
  on_account: 'account',
} as const satisfies Record<string, PaymentKind>;
export type PaymentMethod = keyof typeof PAYMENT_METHOD_KINDS;
/** The method ids in the table's order (a tuple, so zod can make it an enum). */
export const PAYMENT_METHODS = Object.keys(PAYMENT_METHOD_KINDS) as [PaymentMethod, ...PaymentMethod[]];

/**
 * A method id as a request names it (checkout, confirmcheckout): like a site code, data on the way in. The
 * site's payment_methods rows offer a method and the server's payment families know it (ADR 059), so a
 * family added from one folder (a fixture's, the console's) is paid through the same calls without a
 * release of the contract; what the server answers and the web reads stays the closed PAYMENT_METHODS.
 */
export const PAYMENT_METHOD_ID_PATTERN = /^[a-z][a-z0-9_]{1,39}$/;
/** A method id from outside: one of the spec's, or a family's own (ADR 059). */
export type PaymentMethodId = PaymentMethod | (string & {});

/** The product method's entry (id and kind) for one of the spec's ids. */
export function paymentMethodEntry<M extends PaymentMethod>(id: M): PaymentMethodEntry<M> {
  return { id, kind: PAYMENT_METHOD_KINDS[id] };
}

/**
 * Which flow a payment belongs to, decided by the server from the order (ADR 059): an ordinary web order
 * (`booking`), the spot channel's (`spot`), or a change of date's top-up (`change_date`). The answers the
 * SPA reads after a gateway's page name it, so the callback screen never guesses from its stores.
 */
export const PAYMENT_FLOWS = ['booking', 'spot', 'change_date'] as const;
export type PaymentFlow = (typeof PAYMENT_FLOWS)[number];

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
/**
 * A purchase still under way: seats held, a checkout or a payment in flight. Staff may not rewrite or erase
 * such an order until it ends (the console's order page, the erasure of ADR 122).
 */
export const PURCHASE_IN_PROGRESS_STATUSES = [
  'holding',
  'ready_checkout',
  'paying',
] as const satisfies readonly OrderStatus[];
export function isPurchaseInProgress(status: string): boolean {
  return (PURCHASE_IN_PROGRESS_STATUSES as readonly string[]).includes(status);
}

export const ENVIRONMENTS = ['development', 'staging', 'production'] as const;
