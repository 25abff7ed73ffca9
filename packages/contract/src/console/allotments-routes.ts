import { consoleRoute } from './console-route.ts';

/** The console's allotments (issue 30: capacity of a slot reserved for a partner, returned to general sale at the cut-off); their schemas are in `allotments-endpoints.ts`. */
export const allotmentsRoutes = [] as const satisfies readonly ReturnType<typeof consoleRoute>[];
