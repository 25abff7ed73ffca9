import type { FastifyInstance } from 'fastify';

/** Coupons on temporary orders. */
export async function couponsRoutes(_app: FastifyInstance): Promise<void> {}
