import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  KIOSK_DEVICE_COOKIE,
  checkoutEndpoint,
  gtmEndpoint,
  reservationLookupEndpoint,
} from '@kippu/contract';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import { MOVES_STOCK } from '../../plugins/read-your-writes.ts';
import { UNPACED } from '../../plugins/waiting-room-gate.ts';
import { checkoutVisitorOrder } from '../../domain/box-office/kiosk-orders.ts';
import { findReservationToken } from '../../domain/reservations/find-reservation.ts';
import { gtmData } from '../../domain/reservations/gtm-data.ts';
import { AppError } from '../../shared/app-error.ts';
import { perClientRateLimit } from '../../plugins/rate-limit.ts';

/**
 * The reservation inquiry against guessing: per client (a script trying addresses) and per e-mail address
 * (many clients trying numbers for one address). Generous for a visitor who mistypes a few times.
 */
const INQUIRY_PER_CLIENT = { max: 10, timeWindow: '1 minute' };
const INQUIRY_PER_EMAIL = { max: 10, timeWindow: '1 hour' };

/** Checkout (ADR 017), the reservation inquiry and the analytics data of a completed order. */
export async function checkoutRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.checkoutDeps;

  // A kiosk's order is paid only from its kiosk (the device cookie, ADR 080), as it was held.
  // Unpaced (ADR 133): a card checkout waits on its gateway, which says nothing of this server's load.
  registerEndpoint(
    app,
    checkoutEndpoint,
    { config: { ...MOVES_STOCK.config, ...UNPACED } },
    async (request) =>
      checkoutVisitorOrder(
        deps,
        request.site,
        request.params.id,
        request.body,
        request.cookies[KIOSK_DEVICE_COOKIE],
      ),
  );

  const perEmail = app.createRateLimit({
    ...INQUIRY_PER_EMAIL,
    keyGenerator: (request: FastifyRequest) =>
      `reservation-inquiry-email|${String((request.query as { email?: string }).email)
        .trim()
        .toLowerCase()}`,
  });

  registerEndpoint(
    app,
    reservationLookupEndpoint,
    {
      config: perClientRateLimit('reservation-inquiry', INQUIRY_PER_CLIENT),
      // After validation, so the key is a well-formed address.
      preHandler: async (request, reply) => {
        const budget = await perEmail(request);
        if (!budget.isAllowed && budget.isExceeded) {
          reply.header('retry-after', budget.ttlInSeconds);
          throw new AppError('too_many_requests');
        }
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { email, reservation_number: number } = request.query;
      return { reservation_token: await findReservationToken(app.db, request.site, email, number) };
    },
  );

  registerEndpoint(app, gtmEndpoint, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return gtmData(app.db, request.site, request.params.id);
  });
}
