import { consoleRoute } from './console-route.ts';

/** The console's reports (issue 30: settlement, sales, attendance, date changes, the invoice register; CSV and XLSX exports; scheduled reports); their schemas are in `reports-endpoints.ts`. */
export const reportsRoutes = [] as const satisfies readonly ReturnType<typeof consoleRoute>[];
