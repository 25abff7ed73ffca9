import { consoleRoute } from './console-route.ts';

/** The console's settings routes (issue 28: site settings, site texts, images, secrets, new sites); their schemas are in `settings-endpoints.ts`. */
export const settingsRoutes = [] as const satisfies readonly ReturnType<typeof consoleRoute>[];
