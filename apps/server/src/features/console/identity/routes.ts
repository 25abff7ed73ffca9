import type { FastifyInstance } from 'fastify';

/** The console's identity routes (issue 27), under `/console/api/v1`. */
export async function identityConsoleRoutes(_app: FastifyInstance): Promise<void> {}
