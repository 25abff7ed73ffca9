import { z } from 'zod';
import { ORDER_STATUSES } from '../enums.ts';
import {
  langCodeSchema,
  paymentMethodIdSchema,
  salesChannelSchema,
  siteCodeSchema,
} from '../enum-schemas.ts';
import { localizedTextSchema } from '../i18n-text.ts';
import { numericIdSchema, visitDateSchema } from '../endpoints/catalogue-common.ts';
import { secretToken } from '../secret.ts';
import { storableText } from '../validation/storable-text.ts';
import { auditActorSchema } from './audit-schemas.ts';

/**
 * The console's order desk (issue 29, ADR 078): searching a site's orders, one order's page with its
 * timeline, and what staff do for a visitor (resend the purchase mail, edit the visitor's details, change
 * the date on the visitor's behalf). Cancelling tickets and refunds are the refunds area's routes.
 */

/** What a search value may be: the server tries every kind that fits the value unless `kind` names one. */
export const ORDER_SEARCH_KINDS = [
  'reservation_number',
  'email',
  'phone',
  'name',
  'coupon_code',
  'payment_number',
  /** A ticket's QR payload as the gate scans it (`K1.<id>.<secret>.<signature>`): answers that ticket's order. */
  'ticket_qr',
] as const;
export type OrderSearchKind = (typeof ORDER_SEARCH_KINDS)[number];

/** A search answers at most this many orders per page (newest first; `cursor` for the next page). */
export const ORDER_SEARCH_PAGE_MAX = 100;

/** A Tokyo calendar date in the years 2000 to 2999 (PostgreSQL has no year 0: `0000-12-31` was a 500). */
const dateSchema = visitDateSchema;
/** The next page: the last order's id (orders are listed newest first, by id). */
const orderCursorSchema = z.string().regex(/^[1-9]\d{0,17}$/, 'not a cursor');

// GET /sites/:site/orders
export const orderSearchQuerySchema = z.object({
  /**
   * The value staff typed or scanned: a reservation number, e-mail address, phone number, part of a name, a
   * coupon code, a payment number or a ticket's QR payload. Marked secret: each of these is the visitor's
   * personal data or opens the order by itself, so it never reaches a request log (ADR 049). Without it the
   * filters alone list the site's orders.
   */
  q: secretToken(storableText().trim().min(1).max(320)).optional(),
  /** Look for `q` as this kind only. */
  kind: z.enum(ORDER_SEARCH_KINDS).optional(),
  /** The visit's day (Asia/Tokyo). */
  date: dateSchema.optional(),
  /** The purchase's days (Asia/Tokyo), both included. */
  from: dateSchema.optional(),
  to: dateSchema.optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  channel: salesChannelSchema.optional(),
  payment_method: paymentMethodIdSchema.optional(),
  /** Only this partner's bookings (issue 30: `orders.partner_id`, channel OTA); a partner id as a string. */
  partner_id: numericIdSchema.optional(),
  cursor: orderCursorSchema.optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, `a number from 1 to ${ORDER_SEARCH_PAGE_MAX}`)
    .transform(Number)
    .pipe(z.number().int().min(1).max(ORDER_SEARCH_PAGE_MAX))
    .optional(),
});
export type OrderSearchQuery = z.infer<typeof orderSearchQuerySchema>;

/** The visitor's details as the order form stored them (`customer_info`); null where the form had none. */
export const orderVisitorSchema = z.object({
  fullname: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type OrderVisitor = z.infer<typeof orderVisitorSchema>;

/** One line of a search's answer. */
export const orderSummarySchema = z.object({
  id: z.number().int(),
  /** Null until the order is paid (a reservation exists). */
  reservation_number: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  channel: z.string(),
  /** The partner who booked it through the partner API (channel OTA, issue 30); null for other orders. */
  partner_id: z.number().int().nullable(),
  partner_name: z.string().nullable(),
  visitor: orderVisitorSchema,
  product_names: localizedTextSchema,
  starts_at: z.string(),
  ends_at: z.string(),
  quantity: z.number().int(),
  /** What the order costs, in yen (after discounts). */
  price: z.number().int(),
  /** The method of the order's latest payment, or null (none tried). */
  payment_method: z.string().nullable(),
  created_at: z.string(),
  /** Which kinds of search value matched this order (empty when listed by filters alone). */
  matched_by: z.array(z.enum(ORDER_SEARCH_KINDS)),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderSearchResponseSchema = z.object({
  orders: z.array(orderSummarySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type OrderSearchResponse = z.infer<typeof orderSearchResponseSchema>;

// GET /sites/:site/orders/:id
export const consoleOrderParamsSchema = z.object({ site: siteCodeSchema, id: numericIdSchema });

/** A ticket and where it stands at the gate: `valid` (not yet in), `used` (checked in), `void` (refunded or moved). */
export const orderTicketSchema = z.object({
  id: z.number().int(),
  sequence: z.number().int(),
  ticket_type_names: localizedTextSchema,
  status: z.enum(['valid', 'used', 'void']),
  checked_in_at: z.string().nullable(),
  /** The ticket was shared to another visitor's reservation (ADR 021). */
  shared: z.boolean(),
});

export const orderPaymentSchema = z.object({
  id: z.number().int(),
  method: z.string(),
  amount: z.number().int(),
  status: z.string(),
  /** The number the gateway knows the payment by; it answers a reservation, so it is secret (ADR 049). */
  payment_number: secretToken(z.string()),
  masked_card_number: z.string().nullable(),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
});

/** A refund of the order (the refunds area's `refunds` rows, ADR 076). */
export const orderRefundSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  status: z.string(),
  reason: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});

export const orderCouponSchema = z.object({
  code: z.string(),
  campaign: z.string(),
  names: localizedTextSchema,
  /** What the coupon took off this order, in yen. */
  discount: z.number().int(),
});

/** A mail queued about this order's reservation (`mail_outbox`). */
export const orderMailSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  to_address: z.string(),
  status: z.enum(['pending', 'sent', 'stored', 'failed']),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  last_error: z.string().nullable(),
});

export const ORDER_TIMELINE_SOURCES = ['status', 'payment', 'mail', 'check_in', 'refund', 'audit'] as const;
export type OrderTimelineSource = (typeof ORDER_TIMELINE_SOURCES)[number];

/**
 * One entry of the order's timeline, newest first: a status move (`order_events`: what = the new status,
 * detail.reason), a payment (what = its status), a mail (what = its kind), a check-in (what = its result), a
 * refund (what = its status) or an audit event (what = its action, actor set).
 */
export const orderTimelineEntrySchema = z.object({
  at: z.string(),
  source: z.enum(ORDER_TIMELINE_SOURCES),
  /** The entry's row id in its source. */
  id: z.number().int(),
  what: z.string(),
  /** Who, for audit events; null for the other sources. */
  actor: auditActorSchema.nullable(),
  /** A few words of context (amounts, the ticket, the reason, the status before); never secrets. */
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntrySchema>;

export const consoleOrderSchema = z.object({
  id: z.number().int(),
  site_code: z.string(),
  status: z.enum(ORDER_STATUSES),
  channel: z.string(),
  /** The partner who booked it through the partner API (channel OTA, issue 30); null for other orders. */
  partner_id: z.number().int().nullable(),
  partner_name: z.string().nullable(),
  lang: z.string(),
  created_at: z.string(),
  /** Send back as `expected_updated_at` when editing the visitor's details (`console_edit_conflict` when stale). */
  updated_at: z.string(),
  reservation: z
    .object({
      id: z.number().int(),
      reservation_number: z.string(),
      status: z.enum(['reserved', 'cancelled', 'refunded']),
      created_at: z.string(),
    })
    .nullable(),
  /** A change of date moved the purchase from / to these orders (ADR 029). */
  changed_from_order_id: z.number().int().nullable(),
  changed_to_order_id: z.number().int().nullable(),
  product_names: localizedTextSchema,
  time_span_id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  quantity: z.number().int(),
  price: z.number().int(),
  membership_discount: z.number().int(),
  visitor: orderVisitorSchema,
  /** When staff erased the visitor's personal data from the purchase (ADR 122); null while it is kept. */
  personal_data_erased_at: z.string().nullable(),
  /** Every field the order form stored, by its template name (address, age, questionnaire answers, ...). */
  customer_info: z.array(z.object({ key: z.string(), value: z.string() })),
  lines: z.array(
    z.object({ names: localizedTextSchema, quantity: z.number().int(), unit_price: z.number().int() }),
  ),
  tickets: z.array(orderTicketSchema),
  payments: z.array(orderPaymentSchema),
  refunds: z.array(orderRefundSchema),
  coupons: z.array(orderCouponSchema),
  mails: z.array(orderMailSchema),
  timeline: z.array(orderTimelineEntrySchema),
});
export type ConsoleOrder = z.infer<typeof consoleOrderSchema>;

export const consoleOrderResponseSchema = z.object({ order: consoleOrderSchema });

// POST /sites/:site/orders/:id/purchase-mail: queue the purchase confirmation again (to the current address).
export const resendPurchaseMailResponseSchema = z.object({ mail: orderMailSchema });

// POST /sites/:site/orders/:id/personal-data-erasure (ADR 122): the visitor's personal data erased from the
// purchase (its orders, reservations, shares, mail links and mails' addresses); what it touched, in counts.
export const erasePersonalDataResponseSchema = z.object({
  erasure: z.object({
    erased_at: z.string(),
    orders: z.number().int(),
    reservations: z.number().int(),
    mails: z.number().int(),
  }),
});
export type ErasePersonalDataResponse = z.infer<typeof erasePersonalDataResponseSchema>;

// PUT /sites/:site/orders/:id/visitor: the site's field rules (spec §5) apply as on the order form.
export const updateOrderVisitorBodySchema = z.object({
  fullname: storableText().max(100).optional(),
  email: storableText().max(319).optional(),
  phone: storableText().max(30).optional(),
  expected_updated_at: z.iso.datetime({ offset: true }),
});
export type UpdateOrderVisitorBody = z.infer<typeof updateOrderVisitorBodySchema>;
export const updateOrderVisitorResponseSchema = z.object({
  visitor: orderVisitorSchema,
  updated_at: z.string(),
});

// GET /sites/:site/orders/:id/date-change?date=&lang=
export const orderDateOptionsQuerySchema = z.object({
  /** The Tokyo day to list slots of; the booked day by default. */
  date: dateSchema.optional(),
  /** The language of product names (the console's); the order's language by default. */
  lang: langCodeSchema.optional(),
});

/** The counter methods staff may collect a top-up with (ADR 077); empty while none is installed. */
export const COUNTER_METHODS = ['cash', 'card_terminal'] as const;
export type CounterMethod = (typeof COUNTER_METHODS)[number];

export const orderDateOptionsResponseSchema = z.object({
  current: z.object({
    product_name: z.string(),
    time_span_id: z.number().int(),
    starts_at: z.string(),
    ends_at: z.string(),
    quantity: z.number().int(),
    price: z.number().int(),
  }),
  /** As for the visitor's own change (ADR 029): the product allows it and the deadline has not passed. */
  changeable: z.boolean(),
  change_until: z.string(),
  /** A change the visitor began and has not finished holds the purchase: staff wait or it lapses. */
  pending_change: z.boolean(),
  date: z.string(),
  slots: z.array(
    z.object({
      product_name: z.string(),
      time_span_id: z.number().int(),
      starts_at: z.string(),
      ends_at: z.string(),
      remaining: z.number().int(),
      price: z.number().int(),
      /** New price minus the current one; above 0 the visitor owes it (collect or waive). */
      price_difference: z.number().int(),
    }),
  ),
  /** The counter methods this site can collect a top-up with now. */
  collect_methods: z.array(z.enum(COUNTER_METHODS)),
});
export type OrderDateOptionsResponse = z.infer<typeof orderDateOptionsResponseSchema>;

/**
 * What happens to a top-up (the new slot costs more): `collect` takes it at the counter (cash or a card
 * terminal, with the terminal's approval number), `waive` lets the visitor off by a staff decision with a
 * reason (audited with the staff member). `none` when there is nothing to pay (a cheaper or equal slot: no
 * refund of the difference, as for the visitor's own change).
 */
export const dateChangeTopUpSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({
    kind: z.literal('collect'),
    method: z.enum(COUNTER_METHODS),
    terminal_approval: storableText().trim().min(1).max(64).optional(),
  }),
  z.object({ kind: z.literal('waive'), reason: storableText().trim().min(1).max(500) }),
]);
export type DateChangeTopUp = z.infer<typeof dateChangeTopUpSchema>;

// POST /sites/:site/orders/:id/date-change
export const changeOrderDateBodySchema = z.object({
  time_span_id: z.number().int().positive().max(2_147_483_647),
  top_up: dateChangeTopUpSchema,
});
export type ChangeOrderDateBody = z.infer<typeof changeOrderDateBodySchema>;

export const changeOrderDateResponseSchema = z.object({
  /** The purchase's order now (a change of date moves it to a new order; the old one reads `changed`). */
  order_id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  price_difference: z.number().int(),
  /** Yen taken at the counter (0 when none was owed or it was waived). */
  collected: z.number().int(),
  /** Yen let off by staff. */
  waived: z.number().int(),
});
export type ChangeOrderDateResponse = z.infer<typeof changeOrderDateResponseSchema>;
