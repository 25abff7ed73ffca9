import type { FastifyInstance } from 'fastify';

/** The console's settings routes (issue 28), under `/console/api/v1`; each calls one domain function. */
export async function settingsConsoleRoutes(_app: FastifyInstance): Promise<void> {}
