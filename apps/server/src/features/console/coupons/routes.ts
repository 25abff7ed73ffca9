import type { FastifyInstance } from 'fastify';

/** The console's coupons routes (issue 28), under `/console/api/v1`; each calls one domain function. */
export async function couponsConsoleRoutes(_app: FastifyInstance): Promise<void> {}
