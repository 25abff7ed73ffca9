import { consoleRoute } from './console-route.ts';

/** The console's webhooks (issue 30: subscriptions, signed deliveries, the delivery log, redelivery, secret rotation); their schemas are in `webhooks-endpoints.ts`. */
export const webhooksRoutes = [] as const satisfies readonly ReturnType<typeof consoleRoute>[];
