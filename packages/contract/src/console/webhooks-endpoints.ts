import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import {
  webhookBodySchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookParamsSchema,
  webhookRotateBodySchema,
  webhookSchema,
  webhooksResponseSchema,
  webhookWithSecretSchema,
} from './webhooks-schemas.ts';

/**
 * The console's webhooks (issue 30, ADR 087) endpoints by route name (`defineEndpoint`), merged into
 * `ENDPOINTS`. Organisation level (no `:site`), area `integrations`: read for the list, one subscription and
 * its delivery log; write for the rest; creating and rotating (they answer a secret) ask for the password
 * again (`reauthenticate`). A subscription of another organisation answers 404.
 */
export const webhooksEndpoints = {
  consoleListWebhooks: defineEndpoint('consoleListWebhooks', {
    responses: { 200: webhooksResponseSchema },
  }),
  /** Answers the signing secret, this once. A refused target: 400 `webhook_target_refused`. */
  consoleCreateWebhook: defineEndpoint('consoleCreateWebhook', {
    body: webhookBodySchema,
    responses: { 200: webhookWithSecretSchema },
  }),
  consoleGetWebhook: defineEndpoint('consoleGetWebhook', {
    params: webhookParamsSchema,
    responses: { 200: webhookSchema },
  }),
  consoleUpdateWebhook: defineEndpoint('consoleUpdateWebhook', {
    params: webhookParamsSchema,
    body: webhookBodySchema,
    responses: { 200: webhookSchema },
  }),
  /** Deletes the subscription with its log; deliveries still waiting are dropped. */
  consoleDeleteWebhook: defineEndpoint('consoleDeleteWebhook', {
    params: webhookParamsSchema,
    responses: { 200: z.object({ deleted: z.literal(true) }) },
  }),
  /** A new secret, answered this once; the old one keeps signing beside it for `grace_hours`. */
  consoleRotateWebhookSecret: defineEndpoint('consoleRotateWebhookSecret', {
    params: webhookParamsSchema,
    body: webhookRotateBodySchema,
    responses: { 200: webhookWithSecretSchema },
  }),
  consoleListWebhookDeliveries: defineEndpoint('consoleListWebhookDeliveries', {
    params: webhookParamsSchema,
    query: webhookDeliveriesQuerySchema,
    responses: { 200: webhookDeliveriesResponseSchema },
  }),
  /** One more try of the same event (same id and body), now, on the job queue; the log shows it as manual. */
  consoleRedeliverWebhook: defineEndpoint('consoleRedeliverWebhook', {
    params: webhookDeliveryParamsSchema,
    responses: { 200: webhookDeliverySchema },
  }),
  /** Queues a `ping` event to this subscription (also when disabled): the log shows the receiver's answer. */
  consolePingWebhook: defineEndpoint('consolePingWebhook', {
    params: webhookParamsSchema,
    responses: { 200: webhookDeliverySchema },
  }),
} as const;
