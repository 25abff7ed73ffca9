import { consoleRoute } from './console-route.ts';

/** The console's refunds (issue 29: refunds by ticket, approvals, manual refunds); their schemas are in `refunds-endpoints.ts`. */
export const refundsRoutes = [] as const satisfies readonly ReturnType<typeof consoleRoute>[];
