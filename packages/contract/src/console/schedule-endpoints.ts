import { defineEndpoint } from '../endpoint.ts';
import {
  bulkEditSlotsBodySchema,
  bulkEditSlotsResponseSchema,
  closeDayBodySchema,
  closeDayResponseSchema,
  createSlotBodySchema,
  generateSlotsBodySchema,
  generateSlotsResponseSchema,
  heatmapQuerySchema,
  heatmapSchema,
  holidaysQuerySchema,
  holidaysResponseSchema,
  scheduleSiteParamsSchema,
  scheduleSlotParamsSchema,
  slotResponseSchema,
  updateSlotBodySchema,
} from './schedule-schemas.ts';

/** The console's schedule endpoints by route name (`defineEndpoint`), merged into `ENDPOINTS` (issue 28, ADR 069). */
export const scheduleEndpoints = {
  consoleScheduleHeatmap: defineEndpoint('consoleScheduleHeatmap', {
    params: scheduleSiteParamsSchema,
    query: heatmapQuerySchema,
    responses: { 200: heatmapSchema },
  }),
  consoleCreateSlot: defineEndpoint('consoleCreateSlot', {
    params: scheduleSiteParamsSchema,
    body: createSlotBodySchema,
    responses: { 200: slotResponseSchema },
  }),
  consoleUpdateSlot: defineEndpoint('consoleUpdateSlot', {
    params: scheduleSlotParamsSchema,
    body: updateSlotBodySchema,
    responses: { 200: slotResponseSchema },
  }),
  consoleGenerateSlots: defineEndpoint('consoleGenerateSlots', {
    params: scheduleSiteParamsSchema,
    body: generateSlotsBodySchema,
    responses: { 200: generateSlotsResponseSchema },
  }),
  consoleBulkEditSlots: defineEndpoint('consoleBulkEditSlots', {
    params: scheduleSiteParamsSchema,
    body: bulkEditSlotsBodySchema,
    responses: { 200: bulkEditSlotsResponseSchema },
  }),
  consoleCloseDay: defineEndpoint('consoleCloseDay', {
    body: closeDayBodySchema,
    responses: { 200: closeDayResponseSchema },
  }),
  consoleHolidays: defineEndpoint('consoleHolidays', {
    query: holidaysQuerySchema,
    responses: { 200: holidaysResponseSchema },
  }),
} as const;
