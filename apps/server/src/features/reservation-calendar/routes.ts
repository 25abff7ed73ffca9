import type { FastifyInstance } from 'fastify';
import { reservationCalendarEndpoint } from '@kippu/contract';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import { sendPrivateDownload } from '../../shared/private-download.ts';
import { reservationCalendar } from '../../domain/reservations/reservation-calendar.ts';

/** The ticket page's "add to calendar" download (ADR 022). */
export async function reservationCalendarRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, reservationCalendarEndpoint, async (request, reply) => {
    const file = await reservationCalendar(
      app.db,
      app.env,
      request.site,
      request.params.id,
      request.query.lang,
    );
    return sendPrivateDownload(reply, 'text/calendar; charset=utf-8', file);
  });
}
