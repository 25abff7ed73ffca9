import { defineEndpoint } from '../endpoint.ts';
import {
  auditEventsQuerySchema,
  auditEventsResponseSchema,
  auditObjectHistoryResponseSchema,
  auditObjectParamsSchema,
} from './audit-schemas.ts';

/** The console's audit endpoints by route name (`defineEndpoint`), merged into `ENDPOINTS`. */
export const auditEndpoints = {
  consoleAuditEvents: defineEndpoint('consoleAuditEvents', {
    query: auditEventsQuerySchema,
    responses: { 200: auditEventsResponseSchema },
  }),
  consoleAuditObjectHistory: defineEndpoint('consoleAuditObjectHistory', {
    params: auditObjectParamsSchema,
    responses: { 200: auditObjectHistoryResponseSchema },
  }),
} as const;
