import { consoleRoute } from './console-route.ts';

/** The console's moves (issue 29: moving every visitor of a closed slot or day); their schemas are in `moves-endpoints.ts`. */
export const movesRoutes = [
  consoleRoute('consoleMoves', 'GET', '/sites/:site/moves'),
  consoleRoute('consoleCreateMove', 'POST', '/sites/:site/moves'),
  consoleRoute('consoleMove', 'GET', '/sites/:site/moves/:moveId'),
] as const satisfies readonly ReturnType<typeof consoleRoute>[];
