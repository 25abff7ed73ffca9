import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  mailMagazineParamsSchema,
  mailMagazineSubscriptionSchema,
  unsubscribeMailMagazineBodySchema,
} from '@kippu/contract';
import {
  mailMagazineSubscription,
  unsubscribeMailMagazine,
} from '../../domain/mail-magazines/mail-magazine-subscriptions.ts';

/** The unsubscribe link of marketing-capable mails (ADR 022, spec §7 mailmagazines). */
export async function mailMagazinesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/mailmagazines/:id',
    { schema: { params: mailMagazineParamsSchema, response: { 200: mailMagazineSubscriptionSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return mailMagazineSubscription(app.db, request.site, request.params.id);
    },
  );

  app.put(
    '/mailmagazines/:id',
    {
      schema: {
        params: mailMagazineParamsSchema,
        body: unsubscribeMailMagazineBodySchema,
        response: { 200: mailMagazineSubscriptionSchema },
      },
    },
    async (request) =>
      unsubscribeMailMagazine(app.db, request.site, request.params.id, request.body.field_name),
  );
}
