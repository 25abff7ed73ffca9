import type { FastifyInstance } from 'fastify';

/** products and stock calls. */
export async function catalogueRoutes(_app: FastifyInstance): Promise<void> {}
