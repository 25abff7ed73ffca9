import { consoleRoute } from './console-route.ts';

/** The console's identity routes (issue 27); their schemas are in `identity-endpoints.ts`. */
export const identityRoutes = [] as const satisfies readonly ReturnType<typeof consoleRoute>[];
