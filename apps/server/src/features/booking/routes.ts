import type { FastifyInstance } from 'fastify';

/** Temporary orders and holds. */
export async function bookingRoutes(_app: FastifyInstance): Promise<void> {}
