import type { FastifyInstance } from 'fastify';
import { reservationCalendarEndpoint } from '@kippu/contract';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
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
    // The address is the reservation's secret: never kept by a shared cache.
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .send(file.content);
  });
}
