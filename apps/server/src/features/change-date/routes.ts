import type { FastifyInstance } from 'fastify';
import {
  cancelTimeChangeEndpoint,
  createTimeChangeEndpoint,
  timeChangeCheckoutEndpoint,
  timeChangeEndpoint,
  timeChangeOptionsEndpoint,
} from '@kippu/contract';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import { MOVES_STOCK } from '../../plugins/read-your-writes.ts';
import { UNPACED } from '../../plugins/waiting-room-gate.ts';
import { startTimeChange } from '../../domain/time-changes/start-time-change.ts';
import { cancelTimeChange, checkoutTimeChange } from '../../domain/time-changes/time-change-checkout.ts';
import { timeChangeDetails } from '../../domain/time-changes/time-change-details.ts';
import { timeChangeOptions } from '../../domain/time-changes/time-change-options.ts';

/** Change of date (ADR 029): options, the pending change, its top-up checkout and its cancellation. */
export async function changeDateRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.checkoutDeps;

  registerEndpoint(app, timeChangeOptionsEndpoint, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const { lang, date } = request.query;
    return timeChangeOptions(app.db, request.site, request.params.reservationToken, lang, date);
  });

  registerEndpoint(app, createTimeChangeEndpoint, MOVES_STOCK, async (request, reply) => {
    const created = await startTimeChange(
      app.db,
      app.orderDeps,
      request.site,
      request.params.reservationToken,
      request.body,
    );
    return reply.status(201).send(created);
  });

  registerEndpoint(app, timeChangeEndpoint, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const { reservationToken, timechangeToken } = request.params;
    return timeChangeDetails(app.db, request.site, reservationToken, timechangeToken, request.query.lang);
  });

  registerEndpoint(app, cancelTimeChangeEndpoint, MOVES_STOCK, async (request, reply) => {
    const { reservationToken, timechangeToken } = request.params;
    await cancelTimeChange(deps, request.site, reservationToken, timechangeToken);
    return reply.status(204).send();
  });

  // Unpaced (ADR 133): a paid change waits on its gateway.
  registerEndpoint(
    app,
    timeChangeCheckoutEndpoint,
    { config: { ...MOVES_STOCK.config, ...UNPACED } },
    async (request) => {
      const { reservationToken, timechangeToken } = request.params;
      return checkoutTimeChange(deps, request.site, reservationToken, timechangeToken, request.body);
    },
  );
}
