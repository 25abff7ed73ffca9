import { z } from 'zod';
import { langCodeSchema } from '../enum-schemas.ts';
import { defineEndpoint } from '../endpoint.ts';

/** GET /api/v1/texts?lang= */
export const textsQuerySchema = z.object({ lang: langCodeSchema });
export const textsResponseSchema = z.array(z.object({ key: z.string(), text: z.string() }));
export type TextsResponse = z.infer<typeof textsResponseSchema>;

export const textsEndpoint = defineEndpoint('texts', {
  query: textsQuerySchema,
  responses: { 200: textsResponseSchema },
});
