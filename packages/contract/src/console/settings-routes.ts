import { consoleRoute } from './console-route.ts';

/** The console's settings routes (issue 28: site settings, site texts, images, secrets, new sites); their schemas are in `settings-endpoints.ts`. */
export const settingsRoutes = [
  consoleRoute('consoleSiteSettings', 'GET', '/sites/:site/settings'),
  consoleRoute('consoleUpdateSiteSettings', 'PATCH', '/sites/:site/settings'),
  consoleRoute('consoleSiteTexts', 'GET', '/sites/:site/texts'),
  consoleRoute('consoleUpdateSiteTexts', 'PATCH', '/sites/:site/texts'),
  consoleRoute('consolePreviewSiteTexts', 'POST', '/sites/:site/texts/preview'),
  consoleRoute('consoleUploadSiteImage', 'POST', '/sites/:site/images'),
  consoleRoute('consoleSiteSecrets', 'GET', '/sites/:site/secrets'),
  consoleRoute('consoleSetSiteSecret', 'PUT', '/sites/:site/secrets/:name'),
  consoleRoute('consoleDeleteSiteSecret', 'DELETE', '/sites/:site/secrets/:name'),
  consoleRoute('consoleCreateSite', 'POST', '/sites'),
] as const satisfies readonly ReturnType<typeof consoleRoute>[];
