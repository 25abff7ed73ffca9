import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { secretToken, tokenSchema } from '@kippu/contract';
import { z } from 'zod';
import { siteUrl } from '../../domain/links.ts';
import { SBPS_RETURN_PATHS, sbpsConfig } from '../../domain/payments/softbank/sbps-config.ts';
import { sbpsHandoff } from '../../domain/payments/softbank/sbps-purchase.ts';
import { receiveSbpsNotification, returnFromSbps } from '../../domain/payments/softbank/sbps-results.ts';
import { registerFormBody } from '../../plugins/form-body.ts';
import { AppError } from '../../shared/app-error.ts';
import { AUTO_SUBMIT_SCRIPT, formPostPage, messagePage } from '../../shared/form-post-page.ts';

// The payment number answers the reservation (GET /payment-results/{id}): secret (ADR 049).
const paymentParamsSchema = z.object({ paymentNumber: secretToken(tokenSchema) });
const returnParamsSchema = z.object({
  paymentNumber: secretToken(tokenSchema),
  result: z.enum(['success', 'cancel', 'error']),
});
/** The gateway's form fields: flat strings (the hash check decides whether they are the gateway's). */
const gatewayFormSchema = z.record(z.string().max(64), z.string().max(2000));

/**
 * SoftBank Payment Service's link type on our side (ADR 027), outside every site prefix and the API's XSRF
 * check (the gateway and the browser coming back from it are the callers; the notification is verified
 * by its sps_hashcode, the returns by asking the gateway):
 * - GET  /payments/softbank/purchase/{paymentNumber}: posts the signed purchase request to the gateway;
 * - POST /payments/softbank/notification: the gateway's result notification, answered `OK,` / `NG,reason`;
 * - POST /payments/softbank/return/{paymentNumber}/{success|cancel|error}: the browser's return, settled
 *   by asking the gateway, then 303 to the site's `#/payment-callback/...` screen.
 */
export async function softbankPaymentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = sbpsConfig(app.env);
  const deps = app.checkoutDeps;

  await registerFormBody(fastify, { bodyLimit: 32 * 1024 });

  app.get(SBPS_RETURN_PATHS.autoSubmitScript, { schema: { hide: true } }, (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(AUTO_SUBMIT_SCRIPT),
  );

  app.get(
    `${SBPS_RETURN_PATHS.purchase}/:paymentNumber`,
    { schema: { hide: true, params: paymentParamsSchema } },
    async (request, reply) => {
      const handoff = await sbpsHandoff(app.db, config, request.params.paymentNumber);
      if (!handoff) throw new AppError('not_found');
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (!handoff.form) {
        return messagePage({
          lang: handoff.lang,
          title: handoff.texts.sbps_handoff_title,
          text: handoff.texts.sbps_handoff_gone,
        });
      }
      // This page's one form goes to the gateway: admit its origin (the site-wide CSP admits 'self' only).
      const target = new URL(handoff.form.action, config.origin).origin;
      reply.header(
        'content-security-policy',
        `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; ` +
          `form-action 'self' ${target}; frame-ancestors 'none'; base-uri 'self'; object-src 'none'`,
      );
      return formPostPage({
        lang: handoff.lang,
        title: handoff.texts.sbps_handoff_title,
        text: handoff.texts.sbps_handoff_text,
        button: handoff.texts.sbps_handoff_continue,
        action: handoff.form.action,
        fields: handoff.form.fields,
        scriptSrc: SBPS_RETURN_PATHS.autoSubmitScript,
      });
    },
  );

  app.post(
    SBPS_RETURN_PATHS.notification,
    { schema: { hide: true, body: gatewayFormSchema } },
    async (request, reply) => {
      const answer = await receiveSbpsNotification(deps, config, request.body);
      if (!answer.ok) request.log.warn({ reason: answer.reason }, 'SBPS notification refused');
      // The gateway reads the first field: OK (received; do not resend) or NG with a reason.
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(answer.ok ? 'OK,' : `NG,${answer.reason}`);
    },
  );

  const handleReturn = async (
    params: z.infer<typeof returnParamsSchema>,
    reply: import('fastify').FastifyReply,
  ) => {
    const back = await returnFromSbps(deps, params.paymentNumber, params.result);
    if (!back) throw new AppError('not_found');
    return reply
      .header('cache-control', 'no-store')
      .redirect(siteUrl(app.env, back.slug, back.hashPath), 303);
  };
  app.post(
    `${SBPS_RETURN_PATHS.return}/:paymentNumber/:result`,
    { schema: { hide: true, params: returnParamsSchema } },
    (request, reply) => handleReturn(request.params, reply),
  );
  app.get(
    `${SBPS_RETURN_PATHS.return}/:paymentNumber/:result`,
    { schema: { hide: true, params: returnParamsSchema } },
    (request, reply) => handleReturn(request.params, reply),
  );
}
