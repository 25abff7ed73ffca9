import { consoleRoute } from './console-route.ts';

/** The console's API tokens (issue 30: per organisation, scoped like roles, shown once, stored hashed, revocable); their schemas are in `api-tokens-endpoints.ts`. */
export const apiTokensRoutes = [
  consoleRoute('consoleListApiTokens', 'GET', '/api-tokens'),
  consoleRoute('consoleCreateApiToken', 'POST', '/api-tokens'),
  consoleRoute('consoleRevokeApiToken', 'DELETE', '/api-tokens/:id'),
] as const satisfies readonly ReturnType<typeof consoleRoute>[];
