import { consoleRoute } from './console-route.ts';

/** The console's audit routes (issue 27); their schemas are in `audit-endpoints.ts`. */
export const auditRoutes = [] as const satisfies readonly ReturnType<typeof consoleRoute>[];
