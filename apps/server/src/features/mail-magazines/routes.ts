import type { FastifyInstance } from 'fastify';
import { mailMagazineEndpoint, unsubscribeMailMagazineEndpoint } from '@kippu/contract';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import {
  mailMagazineSubscription,
  unsubscribeMailMagazine,
} from '../../domain/mail-magazines/mail-magazine-subscriptions.ts';

/** The unsubscribe link of marketing-capable mails (ADR 022, spec §7 mailmagazines). */
export async function mailMagazinesRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, mailMagazineEndpoint, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return mailMagazineSubscription(app.db, request.site, request.params.id);
  });

  registerEndpoint(app, unsubscribeMailMagazineEndpoint, async (request) =>
    unsubscribeMailMagazine(app.db, request.site, request.params.id, request.body.field_name),
  );
}
