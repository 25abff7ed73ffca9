import type { FastifyInstance } from 'fastify';

/** The console's audit routes (issue 27), under `/console/api/v1`. */
export async function auditConsoleRoutes(_app: FastifyInstance): Promise<void> {}
