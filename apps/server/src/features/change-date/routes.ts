import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkoutBodySchema,
  checkoutResponseSchema,
  createTimeChangeBodySchema,
  createTimeChangeResponseSchema,
  timeChangeOptionsQuerySchema,
  timeChangeOptionsResponseSchema,
  timeChangeParamsSchema,
  timeChangeQuerySchema,
  timeChangeReservationParamsSchema,
  timeChangeResponseSchema,
} from '@kippu/contract';
import { startTimeChange } from '../../domain/time-changes/start-time-change.ts';
import { cancelTimeChange, checkoutTimeChange } from '../../domain/time-changes/time-change-checkout.ts';
import { timeChangeDetails } from '../../domain/time-changes/time-change-details.ts';
import { timeChangeOptions } from '../../domain/time-changes/time-change-options.ts';

/** Change of date (ADR 029): options, the pending change, its top-up checkout and its cancellation. */
export async function changeDateRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.checkoutDeps;

  app.get(
    '/timechanges/:reservationToken',
    {
      schema: {
        params: timeChangeReservationParamsSchema,
        querystring: timeChangeOptionsQuerySchema,
        response: { 200: timeChangeOptionsResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { lang, date } = request.query;
      return timeChangeOptions(app.db, request.site, request.params.reservationToken, lang, date);
    },
  );

  app.post(
    '/timechanges/:reservationToken',
    {
      schema: {
        params: timeChangeReservationParamsSchema,
        body: createTimeChangeBodySchema,
        response: { 201: createTimeChangeResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await startTimeChange(
        app.db,
        app.orderDeps,
        request.site,
        request.params.reservationToken,
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/timechanges/:reservationToken/:timechangeToken',
    {
      schema: {
        params: timeChangeParamsSchema,
        querystring: timeChangeQuerySchema,
        response: { 200: timeChangeResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { reservationToken, timechangeToken } = request.params;
      return timeChangeDetails(app.db, request.site, reservationToken, timechangeToken, request.query.lang);
    },
  );

  app.delete(
    '/timechanges/:reservationToken/:timechangeToken',
    { schema: { params: timeChangeParamsSchema } },
    async (request, reply) => {
      const { reservationToken, timechangeToken } = request.params;
      await cancelTimeChange(deps, request.site, reservationToken, timechangeToken);
      return reply.status(204).send();
    },
  );

  app.post(
    '/timechanges/:reservationToken/:timechangeToken/checkout',
    {
      schema: {
        params: timeChangeParamsSchema,
        body: checkoutBodySchema,
        response: { 200: checkoutResponseSchema },
      },
    },
    async (request) => {
      const { reservationToken, timechangeToken } = request.params;
      return checkoutTimeChange(deps, request.site, reservationToken, timechangeToken, request.body);
    },
  );
}
