import type { FastifyInstance } from 'fastify';
import { operationsEndpoints as endpoints } from '@kippu/contract/console/operations-endpoints';
import { InvitationError } from '../../../domain/mail/create-invitation.ts';
import {
  createVisitorInvitation,
  listVisitorInvitations,
  revokeVisitorInvitation,
} from '../../../domain/mail/visitor-invitations.ts';
import { AppError } from '../../../shared/app-error.ts';
import { consoleActor, consoleSite, registerConsoleEndpoint } from '../console-endpoint.ts';

/** Visitors' invitations of a site (orders area: an invitation is an order to be): `npm run invite`. */
export function invitationRoutes(app: FastifyInstance): void {
  registerConsoleEndpoint(
    app,
    endpoints.consoleListInvitations,
    { area: 'orders', level: 'read' },
    async (request, reply) => {
      const site = await consoleSite(request, request.params.site, 'orders', 'read');
      reply.header('cache-control', 'private, no-store');
      return { invitations: await listVisitorInvitations(app.db, site.code) };
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleCreateInvitation,
    // It mints a token (a link that opens a sale): the password again, as for a gate device's key.
    { area: 'orders', level: 'write', reauthenticate: true },
    async (request, reply) => {
      const site = await consoleSite(request, request.params.site, 'orders', 'write');
      const body = request.body;
      reply.header('cache-control', 'private, no-store');
      try {
        return await createVisitorInvitation(app.db, app.env, consoleActor(request), {
          siteCode: site.code,
          email: body.email,
          lang: body.lang,
          productUuid: body.product_uuid,
          timeSpanId: body.time_span_id,
          tickets: body.tickets.map((t) => ({ optionValueId: t.option_value_id, quantity: t.quantity })),
        });
      } catch (error) {
        // What the operator named does not fit together (another site's product, a slot of another product).
        if (error instanceof InvitationError) throw new AppError('invalid_request');
        throw error;
      }
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleRevokeInvitation,
    { area: 'orders', level: 'write' },
    async (request) => {
      const site = await consoleSite(request, request.params.site, 'orders', 'write');
      await revokeVisitorInvitation(app.db, consoleActor(request), site.code, request.params.id);
      return { revoked: true as const };
    },
  );
}
