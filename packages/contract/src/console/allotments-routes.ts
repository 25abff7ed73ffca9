import { consoleRoute } from './console-route.ts';

/** The console's allotments (issue 30: capacity of a slot reserved for a partner, returned to general sale at the cut-off); their schemas are in `allotments-endpoints.ts`. */
export const allotmentsRoutes = [
  consoleRoute('consoleListAllotments', 'GET', '/sites/:site/allotments'),
  consoleRoute('consoleCreateAllotment', 'POST', '/sites/:site/allotments'),
  consoleRoute('consoleUpdateAllotment', 'PUT', '/sites/:site/allotments/:id'),
  consoleRoute('consoleDeleteAllotment', 'DELETE', '/sites/:site/allotments/:id'),
] as const satisfies readonly ReturnType<typeof consoleRoute>[];
