import { consoleRoute } from './console-route.ts';

/** The console's operations routes (issue 27); their schemas are in `operations-endpoints.ts`. */
export const operationsRoutes = [] as const satisfies readonly ReturnType<typeof consoleRoute>[];
