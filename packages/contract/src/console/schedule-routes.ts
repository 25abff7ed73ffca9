import { consoleRoute } from './console-route.ts';

/** The console's schedule routes (issue 28: slots: generator, heatmap, bulk edits, closing a day); their schemas are in `schedule-endpoints.ts`. */
export const scheduleRoutes = [] as const satisfies readonly ReturnType<typeof consoleRoute>[];
