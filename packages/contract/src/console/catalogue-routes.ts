import { consoleRoute } from './console-route.ts';

/** The console's catalogue routes (issue 28: products, ticket types, prices, set products, member promotions); their schemas are in `catalogue-endpoints.ts`. */
export const catalogueRoutes = [
  consoleRoute('consoleListProducts', 'GET', '/sites/:site/products'),
  consoleRoute('consoleCreateProduct', 'POST', '/sites/:site/products'),
  consoleRoute('consoleReorderProducts', 'POST', '/sites/:site/products/order'),
  consoleRoute('consoleGetProduct', 'GET', '/sites/:site/products/:id'),
  consoleRoute('consoleUpdateProduct', 'PUT', '/sites/:site/products/:id'),
  consoleRoute('consoleDeleteProduct', 'DELETE', '/sites/:site/products/:id'),
  consoleRoute('consolePublishProduct', 'POST', '/sites/:site/products/:id/publish'),
  consoleRoute('consoleUnpublishProduct', 'POST', '/sites/:site/products/:id/unpublish'),
  consoleRoute('consoleRetireProduct', 'POST', '/sites/:site/products/:id/retire'),
  consoleRoute('consoleCreateTicketType', 'POST', '/sites/:site/products/:id/ticket-types'),
  consoleRoute('consoleReorderTicketTypes', 'POST', '/sites/:site/products/:id/ticket-types/order'),
  consoleRoute('consoleUpdateTicketType', 'PUT', '/sites/:site/ticket-types/:id'),
  consoleRoute('consoleDeleteTicketType', 'DELETE', '/sites/:site/ticket-types/:id'),
  consoleRoute('consoleListSetProducts', 'GET', '/sites/:site/set-products'),
  consoleRoute('consoleCreateSetProduct', 'POST', '/sites/:site/set-products'),
  consoleRoute('consoleUpdateSetProduct', 'PUT', '/sites/:site/set-products/:id'),
  consoleRoute('consoleDeleteSetProduct', 'DELETE', '/sites/:site/set-products/:id'),
  consoleRoute('consoleGetMembershipPromotion', 'GET', '/sites/:site/membership-promotion'),
  consoleRoute('consolePutMembershipPromotion', 'PUT', '/sites/:site/membership-promotion'),
  consoleRoute('consoleDeleteMembershipPromotion', 'DELETE', '/sites/:site/membership-promotion'),
] as const satisfies readonly ReturnType<typeof consoleRoute>[];
