import type { FastifyInstance } from 'fastify';
import { confirmOrderMailEndpoint, sendOrderMailEndpoint } from '@kippu/contract';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import { followMailLink } from '../../domain/mail/follow-mail-link.ts';
import { sendOrderMail } from '../../domain/mail/send-order-mail.ts';
import { perClientRateLimit, type ClientBudget } from '../../plugins/rate-limit.ts';
import { CHANGES_STATE } from '../../plugins/overload-guard.ts';

/**
 * Each call sends a mail to an address the visitor typed: a small budget per client keeps the form from
 * becoming a way to flood someone's inbox (a visitor needs one mail, perhaps a resend or two).
 */
const ORDER_MAIL_BUDGET: ClientBudget = { max: 5, timeWindow: '10 minutes' };

/** Mail confirmation and invitations (ADR 020). */
export async function orderMailsRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(
    app,
    sendOrderMailEndpoint,
    { config: perClientRateLimit('order-mails', ORDER_MAIL_BUDGET) },
    async (request, reply) => {
      const sent = await sendOrderMail(app.db, app.env, request.site, request.params.id, request.body.lang);
      return reply.status(201).send(sent);
    },
  );

  // Following the link confirms the mail and readies (or, for an invitation, holds) an order: under
  // overload it is shed as late as a write, not as a read (ADR 049).
  registerEndpoint(app, confirmOrderMailEndpoint, { config: CHANGES_STATE }, async (request) =>
    followMailLink({ db: app.db, orders: app.orderDeps }, request.site, request.params.id),
  );
}
