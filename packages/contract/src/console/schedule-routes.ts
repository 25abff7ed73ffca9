import { consoleRoute } from './console-route.ts';

/** The console's schedule routes (issue 28: slots: generator, heatmap, bulk edits, closing a day); their schemas are in `schedule-endpoints.ts`. */
export const scheduleRoutes = [
  consoleRoute('consoleScheduleHeatmap', 'GET', '/sites/:site/slots'),
  consoleRoute('consoleCreateSlot', 'POST', '/sites/:site/slots'),
  consoleRoute('consoleUpdateSlot', 'PATCH', '/sites/:site/slots/:id'),
  consoleRoute('consoleGenerateSlots', 'POST', '/sites/:site/slots/generate'),
  consoleRoute('consoleBulkEditSlots', 'POST', '/sites/:site/slots/bulk'),
  consoleRoute('consoleCloseDay', 'POST', '/schedule/close-day'),
  consoleRoute('consoleHolidays', 'GET', '/schedule/holidays'),
] as const satisfies readonly ReturnType<typeof consoleRoute>[];
