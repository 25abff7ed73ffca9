import { consoleRoute } from './console-route.ts';

/** The console's audit routes (issue 27, ADR 065); their schemas are in `audit-endpoints.ts`. */
export const auditRoutes = [
  consoleRoute('consoleAuditEvents', 'GET', '/audit-events'),
  consoleRoute('consoleAuditObjectHistory', 'GET', '/audit-events/objects/:objectType/:objectId'),
] as const satisfies readonly ReturnType<typeof consoleRoute>[];
