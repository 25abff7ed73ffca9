import { z } from 'zod';
import { secretToken } from '../secret.ts';

/** A UTF-16 surrogate not paired with its other half: with the `u` flag a valid pair is one code point. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * False for a NUL or an unpaired surrogate: PostgreSQL stores neither in text or jsonb, so such a value,
 * let through, fails its statement as a server error (issue 7).
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** Text from a client that the database can store: refuses NUL and unpaired surrogates. */
export function storableText() {
  return z.string().refine(isStorableText, 'contains a NUL character or an unpaired surrogate');
}

/**
 * Every token in a path (order, reservation): 128-bit random, base64url, so 22 characters; up to 64 of
 * that alphabet are accepted, anything else is an invalid request before any lookup.
 */
export const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'not a token');

/**
 * `{id}` of every call on a token: `/orders/{id}`, `/ordercoupons/{id}`, `/reservations/{id}`. The token
 * opens what it names, so it is secret (never logged; ADR 049).
 */
export const tokenParamsSchema = z.object({ id: secretToken(tokenSchema) });
