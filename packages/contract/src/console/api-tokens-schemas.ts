import { z } from 'zod';
import { siteCodeSchema } from '../enum-schemas.ts';
import { secretToken } from '../secret.ts';
import { storableText } from '../validation/storable-text.ts';
import { permissionsSchema } from './permissions.ts';

/**
 * API tokens (issue 30, ADR 088): per organisation, scoped like a role (a level per permission area, and the
 * sites), with an expiry; shown once when created (`kpt_<prefix>_<secret>`), stored as a SHA-256 digest,
 * revocable, last use recorded. A partner's tokens are API tokens with `partner_id`.
 *
 * How a server route uses a token (partner API, `apps/server/src/plugins/api-token-auth.ts`):
 *   `registerApiTokenEndpoint(app, endpoint, { area: 'orders', level: 'write', partner: true }, handler)`
 * sends `Authorization: Bearer kpt_…`; an unknown, expired or revoked token (or one of an inactive partner)
 * answers 401 `api_token_invalid`; a token whose scope lacks the area/level, or a `:site` it does not cover,
 * answers 404 `record not found` (the same as a site of another organisation); more than
 * API_TOKEN_REQUESTS_PER_MINUTE calls in a minute answer 429 `too many requests`. Every call is audited with
 * the token as the actor (`actor_kind` 'token'). A partner's token is made with catalogue read and orders
 * write by default (PARTNER_TOKEN_PERMISSIONS): reading products, prices and availability is catalogue read;
 * creating, reading and cancelling bookings and their tickets is orders read/write.
 */

/** The longest life of a token: a year. A token without expiry does not exist. */
export const API_TOKEN_MAX_DAYS = 366;
/** Calls one token may make per minute, counted across every server process. */
export const API_TOKEN_REQUESTS_PER_MINUTE = 120;

/** `kpt_` + 8 lowercase letters/digits (the public prefix) + `_` + 43 base64url characters (256 random bits). */
export const API_TOKEN_PATTERN = /^kpt_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/;

export const API_TOKEN_STATES = ['active', 'expired', 'revoked'] as const;
export type ApiTokenState = (typeof API_TOKEN_STATES)[number];

/** The default scope of a partner's token: what the partner API's routes ask for, nothing more. */
export const PARTNER_TOKEN_PERMISSIONS = {
  catalogue: 'read',
  schedule: 'none',
  orders: 'write',
  refunds: 'none',
  checkIn: 'none',
  reports: 'none',
  settings: 'none',
  staff: 'none',
  integrations: 'none',
} as const satisfies z.infer<typeof permissionsSchema>;

/** A token as lists show it: never its secret, never its digest. */
export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Public: the token's second part (`kpt_<prefix>_…`), to tell tokens apart in lists and logs. */
  prefix: z.string(),
  partner_id: z.number().int().nullable(),
  partner_name: z.string().nullable(),
  permissions: permissionsSchema,
  /** null: every site of the organisation (also sites added later). */
  site_codes: z.array(z.string()).nullable(),
  state: z.enum(API_TOKEN_STATES),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
  /** The staff member who made it (their name as it is now), null when they were removed. */
  created_by_name: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

// GET /api-tokens: the organisation's tokens, partners' among them, newest first.
export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });

// POST /api-tokens (the password again within 5 minutes). The scope must lie within the creator's own:
// no area above the creator's level, no site the creator does not cover (else 400 invalid request).
export const createApiTokenBodySchema = z.object({
  name: storableText().trim().min(1).max(100),
  /** A partner's token (its bookings are the partner's); omitted: an organisation token. */
  partner_id: z.number().int().positive().optional(),
  permissions: permissionsSchema,
  /** null: every site (only for a creator who covers every site of the organisation). */
  site_codes: z.array(siteCodeSchema).min(1).max(100).nullable(),
  /** Days from now until the token stops working (1 to 366). */
  expires_in_days: z.number().int().min(1).max(API_TOKEN_MAX_DAYS),
});
export type CreateApiTokenBody = z.infer<typeof createApiTokenBodySchema>;

/** The new token and its secret value, shown this once: the server keeps only its digest. */
export const createdApiTokenSchema = z.object({
  record: apiTokenSchema,
  token: secretToken(z.string()),
});
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

/** `/api-tokens/:id`. */
export const apiTokenParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'must be a positive integer id')
    .transform(Number),
});

// DELETE /api-tokens/:id: revoked at once (a token already revoked answers the same).
export const revokedApiTokenSchema = z.object({ record: apiTokenSchema });
