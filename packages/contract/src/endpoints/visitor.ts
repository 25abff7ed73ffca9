import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/**
 * The visitor id (issue 31, ADR 094): hold caps and rate limits count a person by a signed id in an HttpOnly
 * cookie, not by the address many people may share. The SPA calls `GET /{site}/api/v1/visitor` once on start:
 * the answer is `no-store` and sets the cookie when the request had no valid one (any `no-store` answer does;
 * no answer a shared cache may keep ever does). The page never reads the cookie.
 */
export const VISITOR_COOKIE = 'kippu_visitor';

/** `known`: the request already carried a valid visitor id (false on a first visit or without cookies). */
export const visitorResponseSchema = z.object({ known: z.boolean() });
export type VisitorResponse = z.infer<typeof visitorResponseSchema>;

export const visitorEndpoint = defineEndpoint('visitor', {
  responses: { 200: visitorResponseSchema },
});
