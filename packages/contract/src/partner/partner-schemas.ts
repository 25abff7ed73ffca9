import { z } from 'zod';
import { LANG_CODES } from '../enums.ts';
import { numericIdSchema, visitDateSchema } from '../endpoints/catalogue-common.ts';
import { localizedTextSchema } from '../i18n-text.ts';
import { secretToken } from '../secret.ts';
import { storableText } from '../validation/storable-text.ts';

/**
 * The partner API's shapes (issue 30, ADR 090). A partner (a travel agency, channel `OTA`) reads the products
 * and ticket types it may sell (those the organisation gave it a net price for) and what it can book per slot,
 * books with an idempotency key, cancels, and reads the tickets (QR payloads) to hand to its customers. Every
 * error is the one error body (`errors.ts`). Money is integer yen.
 */

/** A booking's or availability's range is at most this many days (one read, bounded). */
export const PARTNER_AVAILABILITY_MAX_DAYS = 62;
/** One booking holds at most this many tickets (a product's own max_quantity may be lower). */
export const PARTNER_BOOKING_MAX_TICKETS = 100;
/** The `Idempotency-Key` header: 1..100 visible ASCII characters (a UUID fits). */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,100}$/, 'an Idempotency-Key of 1 to 100 visible ASCII characters');
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

const instantSchema = z.iso.datetime({ offset: true });
/** A Tokyo calendar date in the years 2000 to 2999 (PostgreSQL has no year 0: `0000-12-31` was a 500). */
const dateSchema = visitDateSchema;

export const partnerTicketTypeSchema = z.object({
  id: z.number().int(),
  name: localizedTextSchema,
  /** The visitors' price on the web. */
  list_price: z.number().int(),
  /** What the partner owes per ticket (never 0). */
  net_price: z.number().int(),
});

export const partnerProductSchema = z.object({
  id: z.number().int(),
  site: z.string(),
  name: localizedTextSchema,
  product_type: z.enum(['period', 'date', 'time']),
  min_quantity: z.number().int(),
  max_quantity: z.number().int(),
  ticket_types: z.array(partnerTicketTypeSchema),
});
export const partnerProductListSchema = z.object({ products: z.array(partnerProductSchema) });

/** `product`: a product id; `from`..`to`: the slots' start dates (Tokyo), both included, at most 62 days. */
export const partnerAvailabilityQuerySchema = z.object({
  product: numericIdSchema,
  from: dateSchema,
  to: dateSchema,
});

export const partnerSlotAvailabilitySchema = z.object({
  slot_id: z.number().int(),
  starts_at: instantSchema,
  ends_at: instantSchema,
  /** The partner's allotment on the slot while it holds seats (before its release), else null. */
  allotment: z
    .object({
      quantity: z.number().int(),
      sold: z.number().int(),
      remaining: z.number().int(),
      release_at: instantSchema,
    })
    .nullable(),
  /**
   * What a booking can take now: the allotment's remaining while it has one; else the slot's free seats for
   * general sale when the product is sold on channel OTA; else 0.
   */
  available: z.number().int(),
});
export const partnerAvailabilitySchema = z.object({
  product_id: z.number().int(),
  slots: z.array(partnerSlotAvailabilitySchema),
});

export const partnerBookingLineSchema = z.object({
  ticket_type_id: z.number().int().positive().max(2_147_483_647),
  quantity: z.number().int().min(1).max(PARTNER_BOOKING_MAX_TICKETS),
});

/** The partner's customer: whom the tickets are for (the e-mail address is used only when Kippu mails them). */
export const partnerCustomerSchema = z.object({
  name: storableText().trim().min(1).max(100),
  email: z.email().max(254).nullable().optional(),
});

/**
 * POST /bookings (header `Idempotency-Key` required). The same key with the same body answers the booking the
 * first call made (200); with another body, 422 `idempotency key reused`. Beyond what the partner can book:
 * 409 `out of stock`.
 */
export const partnerBookingBodySchema = z.object({
  product_id: z.number().int().positive().max(2_147_483_647),
  slot_id: z.number().int().positive().max(9_007_199_254_740_991),
  lang: z.enum(LANG_CODES),
  lines: z
    .array(partnerBookingLineSchema)
    .min(1)
    .max(20)
    .refine(
      (lines) => new Set(lines.map((l) => l.ticket_type_id)).size === lines.length,
      'a ticket type once',
    ),
  customer: partnerCustomerSchema,
  /** The partner's own reference (its voucher number), shown in the console; never interpreted. */
  reference: storableText().trim().max(100).nullable().optional(),
});
export type PartnerBookingBody = z.infer<typeof partnerBookingBodySchema>;

/** A booking's number (its reservation number): with the partner's token, it opens the booking. */
export const partnerBookingParamsSchema = z.object({
  number: secretToken(z.string().regex(/^[A-Za-z0-9-]{1,32}$/, 'a booking number')),
});

export const partnerBookingSchema = z.object({
  number: z.string(),
  status: z.enum(['confirmed', 'cancelled']),
  product_id: z.number().int(),
  slot_id: z.number().int(),
  starts_at: instantSchema,
  ends_at: instantSchema,
  lines: z.array(
    z.object({ ticket_type_id: z.number().int(), quantity: z.number().int(), net_price: z.number().int() }),
  ),
  /** What the partner owes for the booking (net price × quantity), paid on account. */
  amount: z.number().int(),
  /** Where its seats came from: the partner's allotment, or general sale. */
  source: z.enum(['allotment', 'general']),
  customer: z.object({ name: z.string(), email: z.string().nullable() }),
  reference: z.string().nullable(),
  created_at: instantSchema,
  cancelled_at: instantSchema.nullable(),
});
export type PartnerBooking = z.infer<typeof partnerBookingSchema>;
export const partnerBookingAnswerSchema = z.object({ booking: partnerBookingSchema });

export const partnerTicketSchema = z.object({
  id: z.number().int(),
  sequence: z.number().int(),
  ticket_type_name: z.string(),
  status: z.string(),
  /** The ticket's signed QR payload, as the visitor's ticket page shows it: the entry itself. */
  qr: secretToken(z.string()),
});
export const partnerTicketsSchema = z.object({ number: z.string(), tickets: z.array(partnerTicketSchema) });
