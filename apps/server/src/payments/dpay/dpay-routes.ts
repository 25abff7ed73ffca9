import type { FastifyInstance } from 'fastify';
import {
  dpayAuthEndpoint,
  dpayLoginReturnEndpoint,
  dpayNotifyEndpoint,
  dpayResultReturnEndpoint,
  dpayScptokEndpoint,
} from '@kippu/contract';
import { dpayGateway } from './dpay-gateway.ts';
import {
  applyDpayNotification,
  dpayAuthParams,
  dpayPaymentToken,
  recordDpayLogin,
  recordDpayResult,
} from './dpay-flow.ts';
import { registerFormBody } from '../../plugins/form-body.ts';
import { MOUNT_PREFIXES, registerEndpoint } from '../../plugins/register-endpoint.ts';
import { registerXsrfCheck } from '../../plugins/xsrf.ts';

/**
 * d払い (ADR 028), registered by the families' loop in a scope of its own. The SPA's two calls under the site's path (spec §7: `/{site}/d-account/v1/auth/{id}` and
 * `/{site}/d-pay/v1/scptok/{id}`, XSRF-checked like the API), and the carrier's returns and notification
 * outside every site and the XSRF check (the carrier's pages are their callers). The carrier's shapes are in
 * the contract with every other route (endpoints/gateway-returns.ts).
 */
export async function dpayRoutes(fastify: FastifyInstance): Promise<void> {
  const gateway = dpayGateway(fastify.db, fastify.env);
  if (!gateway) return;
  // Settling a d払い payment is every gateway's settling: checkout's dependencies, plus the carrier's.
  const deps = { ...fastify.checkoutDeps, dpay: gateway };

  await fastify.register(
    async (site) => {
      registerXsrfCheck(site);
      registerEndpoint(site, dpayAuthEndpoint, async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return dpayAuthParams(deps, request.site, request.params.id);
      });
      registerEndpoint(site, dpayScptokEndpoint, async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return dpayPaymentToken(deps, request.site, request.params.id);
      });
    },
    { prefix: MOUNT_PREFIXES.site },
  );

  await fastify.register(async (carrier) => {
    await registerFormBody(carrier);
    const hidden = { schema: { hide: true } };
    registerEndpoint(carrier, dpayLoginReturnEndpoint, hidden, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.redirect(await recordDpayLogin(deps, request.params.paymentNumber, request.query), 303);
    });
    registerEndpoint(carrier, dpayResultReturnEndpoint, hidden, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.redirect(await recordDpayResult(deps, request.params.paymentNumber), 303);
    });
    registerEndpoint(carrier, dpayNotifyEndpoint, hidden, async (request) =>
      applyDpayNotification(deps, request.body.s_cptok),
    );
  });
}
