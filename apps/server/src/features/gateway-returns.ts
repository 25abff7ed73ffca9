import type { FastifyInstance } from 'fastify';
import { registerFormBody } from '../plugins/form-body.ts';
import { gmoReturnRoutes } from './payments-gmo/return-routes.ts';

/**
 * GMO-PG's return and notification routes (ADR 026), in a scope of their own with the form parser: at the
 * root, outside every site prefix and the API's XSRF check, since their callers are gateways and browsers
 * coming back from them. SoftBank, Stripe and d払い register theirs from app.ts (features/payments-*), each
 * in its own scope. Every one verifies what it is told (a signature, or by asking the gateway) and settles
 * through settleAttempt; bringing them under one registration is the layers issue's (26).
 */
export async function gatewayReturnRoutes(app: FastifyInstance): Promise<void> {
  // Gateways post forms; a form body becomes a plain object of strings.
  await registerFormBody(app);
  await app.register(gmoReturnRoutes);
}
