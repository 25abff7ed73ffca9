import { z } from 'zod';
import { langCodeSchema } from '../enum-schemas.ts';
import { defineEndpoint } from '../endpoint.ts';

/** GET /api/v1/langs */
export const languageSchema = z.object({
  id: z.number().int(),
  code: langCodeSchema,
  display_name: z.string(),
  display_position: z.number().int(),
  is_default: z.boolean(),
});
export const langsResponseSchema = z.array(languageSchema);
export type Language = z.infer<typeof languageSchema>;

export const langsEndpoint = defineEndpoint('langs', { responses: { 200: langsResponseSchema } });
