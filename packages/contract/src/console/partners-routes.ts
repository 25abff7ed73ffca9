import { consoleRoute } from './console-route.ts';

/** The console's partners (issue 30: travel agencies selling on channel OTA: net prices, on-account payment, allotments); their schemas are in `partners-endpoints.ts`. */
export const partnersRoutes = [
  consoleRoute('consoleListPartners', 'GET', '/partners'),
  consoleRoute('consoleCreatePartner', 'POST', '/partners'),
  consoleRoute('consolePartner', 'GET', '/partners/:id'),
  consoleRoute('consoleUpdatePartner', 'PUT', '/partners/:id'),
] as const satisfies readonly ReturnType<typeof consoleRoute>[];
