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
  type WebhookScope,
} from '../../../domain/webhooks/webhook-subscriptions.ts';
import { webhookTargetPolicy } from '../../../domain/webhooks/webhook-worker.ts';
import { consoleActor, registerConsoleEndpoint, type ConsoleStaff } from '../console-endpoint.ts';

const READ = { area: 'integrations', level: 'read' } as const;
const WRITE = { area: 'integrations', level: 'write' } as const;
/** Creating and rotating answer a signing secret: the password again within 5 minutes (ADR 064), as refunds. */
const WRITE_SECRET = { area: 'integrations', level: 'write', reauthenticate: true } as const;

/** The member's organisation and covered sites: subscriptions naming another site are not theirs (404). */
const scopeOf = (request: FastifyRequest): WebhookScope => {
  const staff = request.consoleStaff as ConsoleStaff;
  return { organisationId: staff.organisationId, siteCodes: staff.siteCodes };
};
const writer = (request: FastifyRequest) => ({ ...scopeOf(request), actor: consoleActor(request) });

/** The console's webhooks (issue 30, ADR 087), under `/console/api/v1`; each route calls one domain function. */
export async function webhooksConsoleRoutes(app: FastifyInstance): Promise<void> {
  const deps: WebhookDeps = { keys: secretKeyring(app.env), policy: webhookTargetPolicy(app.env) };

  registerConsoleEndpoint(app, endpoints.consoleListWebhooks, READ, async (request) => ({
    webhooks: await listWebhooks(app.db, scopeOf(request)),
  }));
  registerConsoleEndpoint(app, endpoints.consoleCreateWebhook, WRITE_SECRET, (request) =>
    createWebhook(app.db, deps, { ...writer(request), body: request.body }),
  );
  registerConsoleEndpoint(app, endpoints.consoleGetWebhook, READ, (request) =>
    getWebhook(app.db, scopeOf(request), request.params.id),
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
    listWebhookDeliveries(app.db, scopeOf(request), request.params.id, request.query),
  );
  registerConsoleEndpoint(app, endpoints.consoleRedeliverWebhook, WRITE, (request) =>
    redeliverWebhook(app.db, {
      ...scopeOf(request),
      subscriptionId: request.params.id,
      deliveryId: request.params.deliveryId,
      actor: consoleActor(request),
    }),
  );
  registerConsoleEndpoint(app, endpoints.consolePingWebhook, WRITE, (request) =>
    pingWebhook(app.db, {
      ...scopeOf(request),
      subscriptionId: request.params.id,
      actor: consoleActor(request),
    }),
  );
}
