import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** `<sha256>.<png|jpg|webp>`: the name is the content's hash, so the answer never changes. */
export const siteImageParamsSchema = z.object({
  file: z.string().regex(/^[0-9a-f]{64}\.(png|jpg|webp)$/, 'expected <sha256>.<png|jpg|webp>'),
});

/** An image staff uploaded for a site (issue 28, ADR 071): its bytes, `cache-control: immutable`. */
export const siteImageEndpoint = defineEndpoint('siteImage', {
  params: siteImageParamsSchema,
  responses: {},
});
