import { defineEndpoint } from '../endpoint.ts';
import {
  apiTokenListSchema,
  apiTokenParamsSchema,
  createApiTokenBodySchema,
  createdApiTokenSchema,
  revokedApiTokenSchema,
} from './api-tokens-schemas.ts';

/**
 * The console's API tokens (issue 30, ADR 088) endpoints by route name (`defineEndpoint`), merged into
 * `ENDPOINTS`. Area `integrations`: read for the list; write to revoke; write with the password again
 * (`reauthenticate`) to create, which answers the token's value this once.
 */
export const apiTokensEndpoints = {
  consoleListApiTokens: defineEndpoint('consoleListApiTokens', {
    responses: { 200: apiTokenListSchema },
  }),
  consoleCreateApiToken: defineEndpoint('consoleCreateApiToken', {
    body: createApiTokenBodySchema,
    responses: { 200: createdApiTokenSchema },
  }),
  consoleRevokeApiToken: defineEndpoint('consoleRevokeApiToken', {
    params: apiTokenParamsSchema,
    responses: { 200: revokedApiTokenSchema },
  }),
} as const;
