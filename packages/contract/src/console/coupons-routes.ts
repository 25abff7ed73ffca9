import { consoleRoute } from './console-route.ts';

/** The console's coupons routes (issue 28: coupons and code batches); their schemas are in `coupons-endpoints.ts`. */
export const couponsRoutes = [] as const satisfies readonly ReturnType<typeof consoleRoute>[];
