import { consoleRoute } from './console-route.ts';

/** The console's orders (issue 29: search, an order's page and timeline, staff actions); their schemas are in `orders-endpoints.ts`. */
export const ordersRoutes = [] as const satisfies readonly ReturnType<typeof consoleRoute>[];
