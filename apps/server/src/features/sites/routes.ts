import type { FastifyInstance } from 'fastify';

/** langs, texts, configurations, field_templates, paymentmethods. */
export async function sitesRoutes(_app: FastifyInstance): Promise<void> {}
