import { defineEndpoint } from '../endpoint.ts';
import {
  allotmentAnswerSchema,
  allotmentListQuerySchema,
  allotmentListSchema,
  createAllotmentBodySchema,
  deleteAllotmentAnswerSchema,
  updateAllotmentBodySchema,
} from './allotments-schemas.ts';
import { consoleSiteIdParamsSchema, consoleSiteParamsSchema } from './operations-devices.ts';

/**
 * The console's allotments (issue 30: capacity of a slot reserved for a partner, returned to general sale at
 * the cut-off) endpoints by route name (`defineEndpoint`), merged into `ENDPOINTS`. Area `integrations`: read
 * for the list, write for every change (each audited).
 */
export const allotmentsEndpoints = {
  consoleListAllotments: defineEndpoint('consoleListAllotments', {
    params: consoleSiteParamsSchema,
    query: allotmentListQuerySchema,
    responses: { 200: allotmentListSchema },
  }),
  consoleCreateAllotment: defineEndpoint('consoleCreateAllotment', {
    params: consoleSiteParamsSchema,
    body: createAllotmentBodySchema,
    responses: { 200: allotmentAnswerSchema },
  }),
  consoleUpdateAllotment: defineEndpoint('consoleUpdateAllotment', {
    params: consoleSiteIdParamsSchema,
    body: updateAllotmentBodySchema,
    responses: { 200: allotmentAnswerSchema },
  }),
  consoleDeleteAllotment: defineEndpoint('consoleDeleteAllotment', {
    params: consoleSiteIdParamsSchema,
    responses: { 200: deleteAllotmentAnswerSchema },
  }),
} as const;
