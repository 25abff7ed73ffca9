import { consoleRoute } from './console-route.ts';

/** The console's catalogue routes (issue 28: products, ticket types, prices, set products, member promotions); their schemas are in `catalogue-endpoints.ts`. */
export const catalogueRoutes = [] as const satisfies readonly ReturnType<typeof consoleRoute>[];
