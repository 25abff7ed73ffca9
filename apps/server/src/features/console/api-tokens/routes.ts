import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiTokensEndpoints as endpoints } from '@kippu/contract/console/api-tokens-endpoints';
import { createApiToken } from '../../../domain/api-tokens/create-api-token.ts';
import { listApiTokens } from '../../../domain/api-tokens/list-api-tokens.ts';
import { revokeApiToken } from '../../../domain/api-tokens/revoke-api-token.ts';
import { consoleActor, registerConsoleEndpoint, type ConsoleStaff } from '../console-endpoint.ts';

const READ = { area: 'integrations', level: 'read' } as const;
const WRITE = { area: 'integrations', level: 'write' } as const;
/** A new token is a new key to the organisation: the password again within 5 minutes (ADR 064, 088). */
const CREATE = { area: 'integrations', level: 'write', reauthenticate: true } as const;

const staffOf = (request: FastifyRequest) => request.consoleStaff as ConsoleStaff;

/** The console's API tokens (issue 30, ADR 088), under `/console/api/v1`; each route calls one domain function. */
export async function apiTokensConsoleRoutes(app: FastifyInstance): Promise<void> {
  registerConsoleEndpoint(app, endpoints.consoleListApiTokens, READ, async (request) => ({
    tokens: await listApiTokens(app.db, staffOf(request)),
  }));
  registerConsoleEndpoint(app, endpoints.consoleCreateApiToken, CREATE, async (request) => {
    const staff = staffOf(request);
    return createApiToken(
      app.db,
      {
        staffId: staff.staffId,
        organisationId: staff.organisationId,
        permissions: staff.permissions,
        limits: staff.limits,
        siteCodes: staff.siteCodes,
      },
      consoleActor(request),
      request.body,
    );
  });
  registerConsoleEndpoint(app, endpoints.consoleRevokeApiToken, WRITE, async (request) => {
    const staff = staffOf(request);
    return {
      record: await revokeApiToken(
        app.db,
        staff,
        staff.staffId,
        consoleActor(request),
        request.params.id,
      ),
    };
  });
}
