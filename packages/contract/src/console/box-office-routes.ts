import { consoleRoute } from './console-route.ts';

/** The console's box office and kiosk devices (issue 29: selling at the counter); their schemas are in `box-office-endpoints.ts`. */
export const boxOfficeRoutes = [] as const satisfies readonly ReturnType<typeof consoleRoute>[];
