import type { FastifyInstance } from 'fastify';
import { registerFormBody } from '../plugins/form-body.ts';
import { gmoReturnRoutes } from './payments-gmo/return-routes.ts';

/**
 * Every gateway family's return and notification routes (ADR 026): at the root, outside every site prefix
 * and the API's XSRF check, since their callers are gateways and browsers coming back from them. Each
 * verifies what it is told (a signature, or by asking the gateway) and settles through settleAttempt.
 * One line per family.
 */
export async function gatewayReturnRoutes(app: FastifyInstance): Promise<void> {
  // Gateways post forms; a form body becomes a plain object of strings.
  await registerFormBody(app);
  await app.register(gmoReturnRoutes);
}
