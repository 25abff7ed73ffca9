import type { FastifyInstance } from 'fastify';
import type { Env } from '../../config/env.ts';
import { secretKeyring } from '../../config/secrets-key.ts';
import type { Db } from '../../db/client.ts';
import type { Queues } from '../../jobs/job-runner.ts';
import { publicOrigin } from '../links.ts';
import {
  DEFAULT_WEBHOOK_POLICY,
  deliverDueWebhooks,
  type WebhookDeliveryContext,
  type WebhookDeliveryPolicy,
} from './deliver-webhooks.ts';
import { WEBHOOK_KICK_QUEUE } from './webhook-deliveries.ts';
import { allowedAddresses, systemResolve, type Resolve, type TargetPolicy } from './webhook-target.ts';

/** The deliveries' round, a recurring job (ADR 057): due tries (retries) go out once across processes. */
export const WEBHOOK_DELIVERIES_QUEUE = 'webhooks.deliveries';

export type WebhookEnv = Pick<
  Env,
  | 'NODE_ENV'
  | 'WEBHOOK_ALLOWED_ADDRESSES'
  | 'WEBHOOK_INTERVAL_MS'
  | 'APP_SECRET'
  | 'SECRETS_KEY'
  | 'SECRETS_KEY_PREVIOUS'
  | 'CONSOLE_ORIGIN'
  | 'PUBLIC_URL'
  | 'PORT'
>;

/** Where targets may go in this environment (webhook-target.ts); tests pass their own resolver. */
export function webhookTargetPolicy(env: WebhookEnv, resolve: Resolve = systemResolve): TargetPolicy {
  return {
    development: env.NODE_ENV === 'development',
    allowed: allowedAddresses(env.WEBHOOK_ALLOWED_ADDRESSES),
    resolve,
  };
}

/** What a delivery run needs, from the environment. */
export function webhookDeliveryContext(
  env: WebhookEnv,
  overrides: { policy?: WebhookDeliveryPolicy; resolve?: Resolve } = {},
): WebhookDeliveryContext {
  const console = (env.CONSOLE_ORIGIN ?? publicOrigin(env)).replace(/\/+$/, '');
  return {
    keys: secretKeyring(env),
    target: webhookTargetPolicy(env, overrides.resolve),
    policy: overrides.policy ?? DEFAULT_WEBHOOK_POLICY,
    webhookPageUrl: (id) => `${console}/console/#/webhooks/${id}`,
  };
}

/**
 * The deliveries' job queues: the recurring round (retries fall due between kicks) and the kick that the
 * audit trigger (migration 0970), a redelivery and a ping queue, so a new event goes out at once. A full
 * batch runs the round again at once.
 */
export function webhookQueues(db: Db, context: WebhookDeliveryContext, everyMs: number): Queues {
  const round = async () => {
    const claimed = await deliverDueWebhooks(db, context);
    return { again: claimed === context.policy.batchSize };
  };
  return {
    [WEBHOOK_DELIVERIES_QUEUE]: { everyMs, handler: round },
    [WEBHOOK_KICK_QUEUE]: { handler: async () => void (await round()) },
  };
}

export function registerWebhookWorker(app: FastifyInstance, queues: Queues): void {
  Object.assign(queues, webhookQueues(app.db, webhookDeliveryContext(app.env), app.env.WEBHOOK_INTERVAL_MS));
}
