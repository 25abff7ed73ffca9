import { z } from 'zod';
import { langCodeSchema, productTypeSchema } from '../enum-schemas.ts';
import { secretToken } from '../secret.ts';
import { defineEndpoint } from '../endpoint.ts';
import { reservationTokenParamsSchema } from './reservations.ts';

/** Status of a reservation and of each of its tickets. */
export const RESERVATION_STATUSES = ['reserved', 'cancelled', 'refunded'] as const;
export const reservationStatusSchema = z.enum(RESERVATION_STATUSES);
export const TICKET_STATUSES = ['valid', 'used', 'void'] as const;
export const ticketStatusSchema = z.enum(TICKET_STATUSES);

/** GET /api/v1/tickets/{id}?lang= (id: the reservation token): the ticket page (Kippu's design, ADR 018). */
export const ticketQuerySchema = z.object({ lang: langCodeSchema });

export const ticketResponseSchema = z.object({
  reservation_number: z.string(),
  status: reservationStatusSchema,
  lang: langCodeSchema,
  product: z.object({
    name: z.string(),
    type: productTypeSchema,
    caution: z.string(),
  }),
  time_span_id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** Σ price × count over ticket types and add-ons, before discounts (as GET /gtm); paid = total − discount. */
  total_price: z.number().int().nonnegative(),
  discount: z.number().int().nonnegative(),
  set_products: z.array(z.object({ name: z.string(), quantity: z.number().int().positive() })),
  /** The holder may change the date now (ADR 029): the page shows the "Change date" link. */
  can_change_date: z.boolean().optional(),
  /**
   * One per admitted person, in ticket-type order; `qr` is the signed payload the QR code carries
   * (`K1.<id>.<secret>.<signature>`: digits, A–Z, 2–7 and dots; empty for a void ticket).
   */
  tickets: z.array(
    z.object({
      id: z.number().int(),
      sequence: z.number().int().positive(),
      option_name: z.string(),
      status: ticketStatusSchema,
      qr: secretToken(z.string()),
      /** Cancelled by a refund (issue 29, ADR 076): status `void`, shown as refunded. */
      refunded: z.boolean().default(false),
    }),
  ),
  /** The reservation's return notes (返還インボイス), one per refund with money, oldest first (ADR 076). */
  return_notes: z
    .array(z.object({ number: z.string(), amount: z.number().int().nonnegative(), issued_at: z.string() }))
    .default([]),
  /**
   * Whether each usable ticket can be added to Apple Wallet (`GET .../tickets/{id}/wallet.pkpass`): true
   * only when the operator configured the signing certificates (ADR 025).
   */
  apple_wallet: z.boolean(),
});
export type TicketResponse = z.infer<typeof ticketResponseSchema>;

export const ticketEndpoint = defineEndpoint('ticket', {
  params: reservationTokenParamsSchema,
  query: ticketQuerySchema,
  responses: { 200: ticketResponseSchema },
});
