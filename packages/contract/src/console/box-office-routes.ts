import { consoleRoute } from './console-route.ts';

/** The console's box office and kiosk devices (issue 29: selling at the counter); their schemas are in `box-office-endpoints.ts`. */
export const boxOfficeRoutes = [
  consoleRoute('consoleBoxOfficeProducts', 'GET', '/sites/:site/box-office/products'),
  consoleRoute('consoleBoxOfficeSale', 'POST', '/sites/:site/box-office/sales'),
  consoleRoute('consoleListKioskDevices', 'GET', '/sites/:site/kiosk-devices'),
  consoleRoute('consoleCreateKioskDevice', 'POST', '/sites/:site/kiosk-devices'),
  consoleRoute('consolePairKioskDevice', 'POST', '/sites/:site/kiosk-devices/:id/pairing'),
  consoleRoute('consoleRevokeKioskDevice', 'DELETE', '/sites/:site/kiosk-devices/:id'),
] as const satisfies readonly ReturnType<typeof consoleRoute>[];
