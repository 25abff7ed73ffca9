import { configurationResponseSchema } from '../site-settings.ts';
import { defineEndpoint } from '../endpoint.ts';

/** GET /api/v1/configurations: the site's settings the SPA reads (spec §7). */
export const configurationsEndpoint = defineEndpoint('configurations', {
  responses: { 200: configurationResponseSchema },
});
