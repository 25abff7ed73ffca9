import { consoleRoute } from './console-route.ts';

/** The console's API tokens (issue 30: per organisation, scoped like roles, shown once, stored hashed, revocable); their schemas are in `api-tokens-endpoints.ts`. */
export const apiTokensRoutes = [] as const satisfies readonly ReturnType<typeof consoleRoute>[];
