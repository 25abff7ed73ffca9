import { consoleRoute } from './console-route.ts';

/** The console's webhooks (issue 30: subscriptions, signed deliveries, the delivery log, redelivery, secret rotation); their schemas are in `webhooks-endpoints.ts`. */
export const webhooksRoutes = [
  consoleRoute('consoleListWebhooks', 'GET', '/webhooks'),
  consoleRoute('consoleCreateWebhook', 'POST', '/webhooks'),
  consoleRoute('consoleGetWebhook', 'GET', '/webhooks/:id'),
  consoleRoute('consoleUpdateWebhook', 'PUT', '/webhooks/:id'),
  consoleRoute('consoleDeleteWebhook', 'DELETE', '/webhooks/:id'),
  consoleRoute('consoleRotateWebhookSecret', 'POST', '/webhooks/:id/secret'),
  consoleRoute('consoleListWebhookDeliveries', 'GET', '/webhooks/:id/deliveries'),
  consoleRoute('consoleRedeliverWebhook', 'POST', '/webhooks/:id/deliveries/:deliveryId/redelivery'),
  consoleRoute('consolePingWebhook', 'POST', '/webhooks/:id/ping'),
] as const satisfies readonly ReturnType<typeof consoleRoute>[];
