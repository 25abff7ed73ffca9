import type { FastifyInstance, FastifyRequest } from 'fastify';
import { webhooksEndpoints as endpoints } from '@kippu/contract/console/webhooks-endpoints';
import { secretKeyring } from '../../../config/secrets-key.ts';
import {
  listWebhookDeliveries,
  pingWebhook,
  redeliverWebhook,
} from '../../../domain/webhooks/webhook-deliveries.ts';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhooks,
  rotateWebhookSecret,
  updateWebhook,
  type WebhookDeps,
} from '../../../domain/webhooks/webhook-subscriptions.ts';
import { webhookTargetPolicy } from '../../../domain/webhooks/webhook-worker.ts';
import { consoleActor, registerConsoleEndpoint, type ConsoleStaff } from '../console-endpoint.ts';

const READ = { area: 'integrations', level: 'read' } as const;
const WRITE = { area: 'integrations', level: 'write' } as const;
/** Creating and rotating answer a signing secret: the password again within 5 minutes (ADR 064), as refunds. */
const WRITE_SECRET = { area: 'integrations', level: 'write', reauthenticate: true } as const;

const organisationOf = (request: FastifyRequest) => (request.consoleStaff as ConsoleStaff).organisationId;
const writer = (request: FastifyRequest) => ({
  organisationId: organisationOf(request),
  actor: consoleActor(request),
});

/** The console's webhooks (issue 30, ADR 087), under `/console/api/v1`; each route calls one domain function. */
export async function webhooksConsoleRoutes(app: FastifyInstance): Promise<void> {
  const deps: WebhookDeps = { keys: secretKeyring(app.env), policy: webhookTargetPolicy(app.env) };

  registerConsoleEndpoint(app, endpoints.consoleListWebhooks, READ, async (request) => ({
    webhooks: await listWebhooks(app.db, organisationOf(request)),
  }));
  registerConsoleEndpoint(app, endpoints.consoleCreateWebhook, WRITE_SECRET, (request) =>
    createWebhook(app.db, deps, { ...writer(request), body: request.body }),
  );
  registerConsoleEndpoint(app, endpoints.consoleGetWebhook, READ, (request) =>
    getWebhook(app.db, organisationOf(request), request.params.id),
  );
  registerConsoleEndpoint(app, endpoints.consoleUpdateWebhook, WRITE, (request) =>
    updateWebhook(app.db, deps, { ...writer(request), id: request.params.id, body: request.body }),
  );
  registerConsoleEndpoint(app, endpoints.consoleDeleteWebhook, WRITE, async (request) => {
    await deleteWebhook(app.db, { ...writer(request), id: request.params.id });
    return { deleted: true as const };
  });
  registerConsoleEndpoint(app, endpoints.consoleRotateWebhookSecret, WRITE_SECRET, (request) =>
    rotateWebhookSecret(app.db, deps, {
      ...writer(request),
      id: request.params.id,
      graceHours: request.body.grace_hours,
    }),
  );
  registerConsoleEndpoint(app, endpoints.consoleListWebhookDeliveries, READ, (request) =>
    listWebhookDeliveries(app.db, organisationOf(request), request.params.id, request.query),
  );
  registerConsoleEndpoint(app, endpoints.consoleRedeliverWebhook, WRITE, (request) =>
    redeliverWebhook(app.db, {
      organisationId: organisationOf(request),
      subscriptionId: request.params.id,
      deliveryId: request.params.deliveryId,
      actor: consoleActor(request),
    }),
  );
  registerConsoleEndpoint(app, endpoints.consolePingWebhook, WRITE, (request) =>
    pingWebhook(app.db, {
      organisationId: organisationOf(request),
      subscriptionId: request.params.id,
      actor: consoleActor(request),
    }),
  );
}
