import type { FastifyInstance } from 'fastify';

/** The console's operations routes (issue 27), under `/console/api/v1`. */
export async function operationsConsoleRoutes(_app: FastifyInstance): Promise<void> {}
