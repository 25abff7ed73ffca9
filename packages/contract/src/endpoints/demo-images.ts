import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** The drawn demo images the server ships (apps/server/assets/images), by their file names. */
export const DEMO_IMAGE_FILES = ['app-download.png'] as const;

/** Any name: one the server does not ship answers 404 like any missing file (not a 400). */
export const demoImageParamsSchema = z.object({ file: z.string().max(200) });
export const isDemoImageFile = (file: string): file is (typeof DEMO_IMAGE_FILES)[number] =>
  (DEMO_IMAGE_FILES as readonly string[]).includes(file);

/**
 * A demo site's built-in image (issue 32, ADR 105): `/images/app-download.png` is the app-download modal's
 * artwork the demo settings name. Its bytes; an uploaded image (`/site-images/…`, ADR 071) replaces it.
 */
export const demoImageEndpoint = defineEndpoint('demoImage', {
  params: demoImageParamsSchema,
  responses: {},
});
