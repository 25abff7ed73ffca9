import type { FastifyInstance } from 'fastify';

/** The console's schedule routes (issue 28), under `/console/api/v1`; each calls one domain function. */
export async function scheduleConsoleRoutes(_app: FastifyInstance): Promise<void> {}
