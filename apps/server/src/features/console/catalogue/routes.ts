import type { FastifyInstance } from 'fastify';

/** The console's catalogue routes (issue 28), under `/console/api/v1`; each calls one domain function. */
export async function catalogueConsoleRoutes(_app: FastifyInstance): Promise<void> {}
