import { consoleRoute } from './console-route.ts';

/** The console's orders (issue 29: search, an order's page and timeline, staff actions); their schemas are in `orders-endpoints.ts`. */
export const ordersRoutes = [
  consoleRoute('consoleSearchOrders', 'GET', '/sites/:site/orders'),
  consoleRoute('consoleGetOrder', 'GET', '/sites/:site/orders/:id'),
  consoleRoute('consoleResendPurchaseMail', 'POST', '/sites/:site/orders/:id/purchase-mail'),
  consoleRoute('consoleUpdateOrderVisitor', 'PUT', '/sites/:site/orders/:id/visitor'),
  consoleRoute('consoleErasePersonalData', 'POST', '/sites/:site/orders/:id/personal-data-erasure'),
  consoleRoute('consoleOrderDateOptions', 'GET', '/sites/:site/orders/:id/date-change'),
  consoleRoute('consoleChangeOrderDate', 'POST', '/sites/:site/orders/:id/date-change'),
] as const satisfies readonly ReturnType<typeof consoleRoute>[];
