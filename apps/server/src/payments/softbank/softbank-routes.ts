import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  sbpsAutoSubmitScriptEndpoint,
  sbpsNotificationEndpoint,
  sbpsPurchaseEndpoint,
  sbpsReturnGetEndpoint,
  sbpsReturnPostEndpoint,
  type SbpsReturnParams,
} from '@kippu/contract';
import { siteUrl } from '../../domain/links.ts';
import { SBPS_RETURN_PATHS, sbpsConfig } from './sbps-config.ts';
import { sbpsHandoff } from './sbps-purchase.ts';
import { receiveSbpsNotification, returnFromSbps } from './sbps-results.ts';
import { registerFormBody } from '../../plugins/form-body.ts';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import { AppError } from '../../shared/app-error.ts';
import { AUTO_SUBMIT_SCRIPT, formPostPage, messagePage } from '../../shared/form-post-page.ts';

/**
 * SoftBank Payment Service's link type on our side (ADR 027), outside every site prefix and the API's XSRF
 * check (the gateway and the browser coming back from it are the callers; the notification is verified
 * by its sps_hashcode, the returns by asking the gateway):
 * - GET  /payments/softbank/purchase/{paymentNumber}: posts the signed purchase request to the gateway;
 * - POST /payments/softbank/notification: the gateway's result notification, answered `OK,` / `NG,reason`;
 * - POST /payments/softbank/return/{paymentNumber}/{success|cancel|error}: the browser's return, settled
 *   by asking the gateway, then 303 to the site's `#/payment-callback/...` screen.
 */
export async function softbankPaymentRoutes(app: FastifyInstance): Promise<void> {
  const config = sbpsConfig(app.env, app.db);
  const deps = app.checkoutDeps;

  await registerFormBody(app, { bodyLimit: 32 * 1024 });

  const hidden = { schema: { hide: true } };

  registerEndpoint(app, sbpsAutoSubmitScriptEndpoint, hidden, (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(AUTO_SUBMIT_SCRIPT),
  );

  registerEndpoint(app, sbpsPurchaseEndpoint, hidden, async (request, reply) => {
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
  });

  registerEndpoint(app, sbpsNotificationEndpoint, hidden, async (request, reply) => {
    const answer = await receiveSbpsNotification(deps, config, request.body);
    if (!answer.ok) request.log.warn({ reason: answer.reason }, 'SBPS notification refused');
    // The gateway reads the first field: OK (received; do not resend) or NG with a reason.
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(answer.ok ? 'OK,' : `NG,${answer.reason}`);
  });

  const handleReturn = async (params: SbpsReturnParams, reply: FastifyReply) => {
    const back = await returnFromSbps(deps, params.paymentNumber, params.result);
    if (!back) throw new AppError('not_found');
    return reply
      .header('cache-control', 'no-store')
      .redirect(siteUrl(app.env, back.slug, back.hashPath), 303);
  };
  registerEndpoint(app, sbpsReturnPostEndpoint, hidden, (request, reply) =>
    handleReturn(request.params, reply),
  );
  registerEndpoint(app, sbpsReturnGetEndpoint, hidden, (request, reply) =>
    handleReturn(request.params, reply),
  );
}
