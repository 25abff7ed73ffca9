import { z } from 'zod';
import { langCodeSchema } from '../enum-schemas.ts';
import { emailAddressSchema } from './email.ts';
import { secretToken } from '../secret.ts';
import { defineEndpoint } from '../endpoint.ts';
import { reservationTokenParamsSchema } from './reservations.ts';
import { ticketResponseSchema } from './ticket.ts';

/**
 * Sharing and sending tickets (ADR 021). Path parameters are reservation tokens (reservationTokenParamsSchema):
 * the holder's for share and send, the companion's (the share token) for shared.
 */

/** GET /api/v1/tickets/share/{reservationToken}?lang=: what the holder may split off, and what was shared. */
export const ticketShareQuerySchema = z.object({ lang: langCodeSchema });

export const ticketShareOptionsResponseSchema = z.object({
  /** Ticket types the holder still has, in display order; `count` counts the valid (unused) tickets. */
  ticket_types: z.array(
    z.object({ option_value_id: z.number().int(), name: z.string(), count: z.number().int().nonnegative() }),
  ),
  /** Every ticket the reservation still holds, valid or not: a split must leave at least one. */
  ticket_count: z.number().int().nonnegative(),
  /** Earlier splits, oldest first: their links can be handed over again. */
  shares: z.array(
    z.object({ share_token: secretToken(z.string()), ticket_count: z.number().int().nonnegative() }),
  ),
});
export type TicketShareOptionsResponse = z.infer<typeof ticketShareOptionsResponseSchema>;

/**
 * POST /api/v1/tickets/share/{reservationToken}: moves `count` valid tickets of each listed type to a new
 * shared reservation. Errors: `option value of ticket less than 1` (a type without that many valid tickets),
 * `parent ticket has not more than one child ticket` (the holder would keep no ticket), `ticket not found`.
 */
export const ticketShareBodySchema = z.object({
  tickets: z
    .array(
      z.object({ option_value_id: z.number().int().positive(), count: z.number().int().positive().max(999) }),
    )
    .min(1)
    .max(50)
    .refine(
      (lines) => new Set(lines.map((line) => line.option_value_id)).size === lines.length,
      'each ticket type once',
    ),
});
export type TicketShareBody = z.infer<typeof ticketShareBodySchema>;

/** 201: the companion's link is `/tickets/shared/{share_token}`. */
export const ticketShareResponseSchema = z.object({
  share_token: secretToken(z.string()),
  ticket_count: z.number().int().positive(),
});
export type TicketShareResponse = z.infer<typeof ticketShareResponseSchema>;

/**
 * GET /api/v1/tickets/shared/{shareToken}?lang= answers ticketResponseSchema: the shared reservation's own
 * number and only its own tickets; `total_price` is the list price of those tickets, add-ons stay with the
 * holder (`set_products` is empty) and `discount` is 0.
 */
export const sharedTicketQuerySchema = ticketShareQuerySchema;

/**
 * POST /api/v1/tickets/send/{reservationToken}: mails the ticket link to `email` in `lang` (rate-limited per
 * client and per reservation).
 */
export const ticketSendBodySchema = z.object({ email: emailAddressSchema, lang: langCodeSchema });
export type TicketSendBody = z.infer<typeof ticketSendBodySchema>;

/** 202: the mail is queued for `email`. */
export const ticketSendResponseSchema = z.object({ email: z.string() });
export type TicketSendResponse = z.infer<typeof ticketSendResponseSchema>;

export const ticketShareOptionsEndpoint = defineEndpoint('ticketShareOptions', {
  params: reservationTokenParamsSchema,
  query: ticketShareQuerySchema,
  responses: { 200: ticketShareOptionsResponseSchema },
});
export const shareTicketsEndpoint = defineEndpoint('shareTickets', {
  params: reservationTokenParamsSchema,
  body: ticketShareBodySchema,
  responses: { 201: ticketShareResponseSchema },
});
/** id: the share token of a shared ticket page. */
export const sharedTicketEndpoint = defineEndpoint('sharedTicket', {
  params: reservationTokenParamsSchema,
  query: sharedTicketQuerySchema,
  responses: { 200: ticketResponseSchema },
});
export const sendTicketEndpoint = defineEndpoint('sendTicket', {
  params: reservationTokenParamsSchema,
  body: ticketSendBodySchema,
  responses: { 202: ticketSendResponseSchema },
});

/**
 * GET /api/v1/tickets/view/{viewToken}?lang= (ADR 102): the page a sent ticket link opens, in the ticket
 * page's shape with the tickets and the visit only: no date change, no return notes, no purchase figures.
 */
export const viewTicketEndpoint = defineEndpoint('viewTicket', {
  params: reservationTokenParamsSchema,
  query: sharedTicketQuerySchema,
  responses: { 200: ticketResponseSchema },
});
