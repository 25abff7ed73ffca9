/**
 * Drizzle view of the tables created by the SQL files in `apps/server/migrations`.
 * The SQL is the source of truth (ADR 003); keep this file in step with it.
 */
import {
  bigint,
  bigserial,
  boolean,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LocalizedText, StoredSiteSettings } from '@kippu/contract';

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const sites = pgTable('sites', {
  code: text('code').primaryKey(),
  slug: text('slug').notNull().unique(),
  position: integer('position').notNull(),
  settings: jsonb('settings').$type<StoredSiteSettings>().notNull(),
  /** Server-only settings (migration 0510); null hold minutes: the environment's HOLD_MINUTES. */
  holdMinutes: integer('hold_minutes'),
  fewStockThreshold: integer('few_stock_threshold').notNull().default(0),
  calendarColorized: boolean('calendar_colorized').notNull().default(false),
  /** Hold caps (migration 0520, ADR 015); null: no cap. */
  maxOpenOrdersPerClient: integer('max_open_orders_per_client').default(5),
  maxTicketsPerClientSlot: integer('max_tickets_per_client_slot').default(20),
});

export const languages = pgTable('languages', {
  id: serial('id').primaryKey(),
  siteCode: text('site_code').notNull(),
  code: text('code').notNull(),
  displayName: text('display_name').notNull(),
  displayPosition: integer('display_position').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
});

export const texts = pgTable(
  'texts',
  {
    scope: text('scope').notNull(),
    lang: text('lang').notNull(),
    key: text('key').notNull(),
    text: text('text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.lang, t.key] })],
);

export const fieldTemplates = pgTable(
  'field_templates',
  {
    siteCode: text('site_code').notNull(),
    fieldName: text('field_name').notNull(),
    fieldType: text('field_type').$type<'text' | 'select'>().notNull(),
    isDisplay: boolean('is_display').notNull(),
    isRequire: boolean('is_require').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteCode, t.fieldName] })],
);

export const calendarColors = pgTable(
  'calendar_colors',
  {
    siteCode: text('site_code').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    colorCode: text('color_code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteCode, t.date] })],
);

export const paymentMethods = pgTable(
  'payment_methods',
  {
    siteCode: text('site_code').notNull(),
    channel: text('channel').notNull(),
    method: text('method').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteCode, t.channel, t.method] })],
);

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  uuid: uuid('uuid').notNull().unique(),
  siteCode: text('site_code').notNull(),
  productType: text('product_type').$type<'period' | 'date' | 'time'>().notNull(),
  names: jsonb('names').$type<LocalizedText>().notNull(),
  descriptions: jsonb('descriptions').$type<LocalizedText>().notNull(),
  cautions: jsonb('cautions').$type<LocalizedText>().notNull(),
  imageUrl: text('image_url'),
  saleChannels: text('sale_channels').array().notNull(),
  minQuantity: integer('min_quantity').notNull().default(1),
  maxQuantity: integer('max_quantity').notNull().default(10),
  position: integer('position').notNull().default(0),
  saleStartsAt: tstz('sale_starts_at'),
  saleEndsAt: tstz('sale_ends_at'),
  /** Change of date (ADR 029, migration 0630): allowed at all, until how long before the slot, to which group. */
  dateChangeable: boolean('date_changeable').notNull().default(false),
  dateChangeUntilMinutes: integer('date_change_until_minutes').notNull().default(0),
  dateChangeGroup: text('date_change_group'),
  /** Written by the demo seed (migration 0700, ADR 048). */
  isDemo: boolean('is_demo').notNull().default(false),
});

export const optionValues = pgTable('option_values', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull(),
  names: jsonb('names').$type<LocalizedText>().notNull(),
  price: bigint('price', { mode: 'number' }).notNull(),
  position: integer('position').notNull().default(0),
  /** The demo seed's stable key of a ticket type (migration 0510); null for staff-made ones. */
  seedKey: text('seed_key'),
});

export const setProducts = pgTable('set_products', {
  id: serial('id').primaryKey(),
  uuid: uuid('uuid').notNull().unique(),
  siteCode: text('site_code').notNull(),
  names: jsonb('names').$type<LocalizedText>().notNull(),
  descriptions: jsonb('descriptions').$type<LocalizedText>().notNull(),
  price: bigint('price', { mode: 'number' }).notNull(),
  position: integer('position').notNull().default(0),
  /** Written by the demo seed (migration 0700, ADR 048). */
  isDemo: boolean('is_demo').notNull().default(false),
});

export const setProductLinks = pgTable(
  'set_product_links',
  {
    setProductId: integer('set_product_id').notNull(),
    productId: integer('product_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.setProductId, t.productId] })],
);

export const timeSpans = pgTable('time_spans', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  productId: integer('product_id').notNull(),
  startsAt: tstz('starts_at').notNull(),
  endsAt: tstz('ends_at').notNull(),
  capacity: integer('capacity').notNull(),
  held: integer('held').notNull().default(0),
  sold: integer('sold').notNull().default(0),
  onSale: boolean('on_sale').notNull().default(true),
});

export const orders = pgTable('orders', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderToken: text('order_token').notNull().unique(),
  siteCode: text('site_code').notNull(),
  channel: text('channel').notNull(),
  status: text('status').notNull(),
  lang: text('lang').notNull(),
  productId: integer('product_id').notNull(),
  timeSpanId: bigint('time_span_id', { mode: 'number' }).notNull(),
  quantity: integer('quantity').notNull(),
  price: bigint('price', { mode: 'number' }).notNull(),
  customerInfo: jsonb('customer_info').$type<{ key: string; value: string }[]>().notNull().default([]),
  expiresAt: tstz('expires_at').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
  /** Keyed hash of the client's address, for the hold caps (migration 0520). */
  clientKey: text('client_key'),
  /** The member logged in for this order and the discount fixed at login (migration 0660, ADR 032). */
  memberId: bigint('member_id', { mode: 'number' }),
  membershipDiscount: bigint('membership_discount', { mode: 'number' }).notNull().default(0),
  membershipPromotionNames: jsonb('membership_promotion_names').$type<LocalizedText>(),
  /** The promotion's percentage the discount was fixed at; a change of date reapplies it (0680, ADR 040). */
  membershipDiscountPercent: integer('membership_discount_percent'),
});

/** Members of a site with isUseMembershipLogin (migration 0660, ADR 032). */
export const members = pgTable('members', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  siteCode: text('site_code').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull(),
  residentArea: text('resident_area').notNull().default(''),
  phone: text('phone').notNull().default(''),
  age: text('age').notNull().default(''),
  gender: text('gender').notNull().default(''),
  createdAt: tstz('created_at').notNull().defaultNow(),
  /** Written by the demo seed (migration 0700, ADR 048). */
  isDemo: boolean('is_demo').notNull().default(false),
});

/** A site's member discount (migration 0660). */
export const membershipPromotions = pgTable('membership_promotions', {
  siteCode: text('site_code').primaryKey(),
  names: jsonb('names').$type<LocalizedText>().notNull(),
  discountPercent: integer('discount_percent').notNull(),
  /** Written by the demo seed (migration 0700, ADR 048). */
  isDemo: boolean('is_demo').notNull().default(false),
});

export const orderLines = pgTable(
  'order_lines',
  {
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    optionValueId: integer('option_value_id').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.optionValueId] })],
);

export const orderSetProducts = pgTable(
  'order_set_products',
  {
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    setProductId: integer('set_product_id').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.setProductId] })],
);

export const coupons = pgTable('coupons', {
  id: serial('id').primaryKey(),
  siteCode: text('site_code').notNull(),
  code: text('code').notNull(),
  names: jsonb('names').$type<LocalizedText>().notNull(),
  campaign: text('campaign').notNull(),
  discountType: text('discount_type').$type<'percent' | 'fixed'>().notNull(),
  discountValue: bigint('discount_value', { mode: 'number' }).notNull(),
  isInvitation: boolean('is_invitation').notNull().default(false),
  usageLimit: integer('usage_limit'),
  usedCount: integer('used_count').notNull().default(0),
  validFrom: tstz('valid_from'),
  validTo: tstz('valid_to'),
  coverageFrom: date('coverage_from', { mode: 'string' }),
  coverageTo: date('coverage_to', { mode: 'string' }),
  channels: text('channels').array().notNull(),
  productIds: integer('product_ids').array(),
  enabled: boolean('enabled').notNull().default(true),
  /** Written by the demo seed (migration 0700, ADR 048). */
  isDemo: boolean('is_demo').notNull().default(false),
});

export const orderCoupons = pgTable('order_coupons', {
  id: serial('id').primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  couponId: integer('coupon_id').notNull(),
  discount: bigint('discount', { mode: 'number' }).notNull(),
});
export * from './schema-sites.ts';
export * from './schema-coupons.ts';
