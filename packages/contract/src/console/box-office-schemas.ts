import { z } from 'zod';
import { langCodeSchema, productTypeSchema } from '../enum-schemas.ts';
import { visitDateSchema } from '../endpoints/catalogue-common.ts';
import { secretToken } from '../secret.ts';
import { storableText } from '../validation/storable-text.ts';

/**
 * The box office (issue 29, ADR 080): staff sell at the counter (channel `pos`) through the web's order
 * domain; kiosk devices (channel `kiosk`) are tablets paired to one site.
 */

const money = z.number().int().nonnegative();

/** GET /sites/:site/box-office/products?date=&lang=: what the counter sells that day (Tokyo date; default today). */
export const boxOfficeProductsQuerySchema = z.object({
  date: visitDateSchema.optional(),
  /** The names' language (the staff member's console language). */
  lang: langCodeSchema.default('ja'),
});

export const boxOfficeSlotSchema = z.object({
  time_span_id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  capacity: z.number().int().nonnegative(),
  /** Seats neither sold nor held right now. */
  available: z.number().int().nonnegative(),
  /** The counter may still sell it (its pos cut-off not passed; a running slot sells until it ends). */
  on_sale: z.boolean(),
});

export const boxOfficeTicketTypeSchema = z.object({
  option_value_id: z.number().int(),
  name: z.string(),
  price: money,
});

export const boxOfficeProductSchema = z.object({
  product_uuid: z.string(),
  name: z.string(),
  type: productTypeSchema,
  min_quantity: z.number().int().nonnegative(),
  max_quantity: z.number().int().positive(),
  ticket_types: z.array(boxOfficeTicketTypeSchema),
  slots: z.array(boxOfficeSlotSchema),
});

export const boxOfficeProductsSchema = z.object({
  date: z.string(),
  products: z.array(boxOfficeProductSchema),
  /** The site's methods on the pos channel, in display order (cash, card_terminal, free by default). */
  payment_methods: z.array(z.enum(['cash', 'card_terminal', 'free'])),
});
export type BoxOfficeProducts = z.infer<typeof boxOfficeProductsSchema>;

/** How the visitor paid at the counter. `free`: only for a total of 0. */
export const boxOfficePaymentSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('cash'), received: z.number().int().nonnegative().max(100_000_000) }),
  z.object({ method: z.literal('card_terminal'), approval_number: storableText().trim().min(1).max(32) }),
  z.object({ method: z.literal('free') }),
]);

/** POST /sites/:site/box-office/sales */
export const boxOfficeSaleBodySchema = z.object({
  /** Chosen by the screen once per sale: a double click or a retry sells once and answers the same sale. */
  idempotency_key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  lang: langCodeSchema,
  product_uuid: z.uuid(),
  time_span_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  lines: z
    .array(
      z.object({
        option_value_id: z.number().int().positive().max(2_147_483_647),
        quantity: z.number().int().min(0).max(1000),
      }),
    )
    .min(1)
    .max(50),
  payment: boxOfficePaymentSchema,
  visitor: z
    .object({
      email: z.email().max(254).optional(),
      name: storableText().trim().max(100).optional(),
    })
    .default({}),
  /** Mail the tickets to `visitor.email` (required then). */
  send_mail: z.boolean().default(false),
});
export type BoxOfficeSaleBody = z.infer<typeof boxOfficeSaleBodySchema>;

/** What the receipt printer prints (80 mm or A4): the screen lays it out, the server decides the numbers. */
export const boxOfficeReceiptSchema = z.object({
  receipt_number: z.string(),
  site_name: z.string(),
  /** The site's print logo (settings.images.printLogo), or null for the built-in one. */
  print_logo_url: z.string().nullable(),
  issuer: z.object({ name: z.string(), registration_number: z.string().nullable() }),
  issued_at: z.string(),
  product_name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  lines: z.array(
    z.object({ name: z.string(), unit_price: money, quantity: z.number().int().positive(), amount: money }),
  ),
  total: money,
  taxes: z.array(z.object({ rate_percent: z.number().int().positive(), amount: money, tax: money })),
  payment_method: z.enum(['cash', 'card_terminal', 'free']),
  /** Cash handed over; null for other methods. */
  received: money.nullable(),
  /** received − total; null for other methods. */
  change: money.nullable(),
  approval_number: z.string().nullable(),
});

export const boxOfficeSaleSchema = z.object({
  reservation_number: z.string(),
  /** The ticket page's token (`/{site}/#/ticket/<token>`), for a printed link or QR. */
  reservation_token: secretToken(z.string()),
  tickets: z.array(
    z.object({
      id: z.number().int(),
      sequence: z.number().int().positive(),
      option_name: z.string(),
      /** The signed QR payload the gate reads. */
      qr: secretToken(z.string()),
    }),
  ),
  receipt: boxOfficeReceiptSchema,
  mail_queued: z.boolean(),
});
export type BoxOfficeSale = z.infer<typeof boxOfficeSaleSchema>;

/** A kiosk: a tablet paired with one site that sells on the `kiosk` channel. */
export const kioskDeviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  /** A pairing URL was answered and not opened yet, until then. */
  pairing_expires_at: z.string().nullable(),
});
export type KioskDevice = z.infer<typeof kioskDeviceSchema>;

export const kioskDeviceListSchema = z.object({ devices: z.array(kioskDeviceSchema) });
export const createKioskDeviceBodySchema = z.object({ name: storableText().trim().min(1).max(100) });

/**
 * Open `pairing_url` once on the tablet (within 15 minutes): it sets the device cookie and goes to the kiosk
 * screen. A new pairing (POST .../pairing) ends the earlier code and the earlier cookie.
 */
export const kioskPairingSchema = z.object({
  device: kioskDeviceSchema,
  pairing_url: secretToken(z.string()),
  pairing_expires_at: z.string(),
});
export const kioskRevokedSchema = z.object({ revoked: z.literal(true) });
