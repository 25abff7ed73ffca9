import { z } from 'zod';
import { langCodeSchema } from '../enum-schemas.ts';
import { defineEndpoint } from '../endpoint.ts';
import { reservationTokenParamsSchema } from './reservations.ts';

/**
 * GET /api/v1/reservations/{reservationToken}/calendar.ics?lang=: the visit as an iCalendar file (a
 * download, `text/calendar`), in `lang` or else the reservation's language. Same event UID as the purchase
 * mail's attachment, so adding both updates one calendar entry.
 */
export const reservationCalendarQuerySchema = z.object({ lang: langCodeSchema.optional() });
export type ReservationCalendarQuery = z.infer<typeof reservationCalendarQuerySchema>;

/** The visit as an iCalendar file (a download, not JSON). */
export const reservationCalendarEndpoint = defineEndpoint('reservationCalendar', {
  params: reservationTokenParamsSchema,
  query: reservationCalendarQuerySchema,
  responses: {},
});
