import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_TOKEN_REQUESTS_PER_MINUTE } from '@kippu/contract/console/api-tokens-schemas';
import { permits, type AnyEndpoint, type PermissionArea } from '@kippu/contract';
import { authenticateApiToken, type ApiTokenPrincipal } from '../domain/api-tokens/authenticate-api-token.ts';
import { recordApiTokenUse } from '../domain/api-tokens/api-token-usage.ts';
import { recordAudit, type AuditActor } from '../domain/audit/record-audit.ts';
import { AppError } from '../shared/app-error.ts';
import { clientAddressOf } from './client-key.ts';
import { registerEndpoint, type EndpointHandler, type EndpointOptions } from './register-endpoint.ts';

/**
 * Routes called with an API token (issue 30, ADR 088), e.g. the partner API. How to use it:
 *
 *   registerApiTokenEndpoint(app, endpoints.partnerCreateBooking,
 *     { area: 'orders', level: 'write', partner: true },
 *     async (request) => {
 *       const token = apiTokenOf(request);              // { tokenId, organisationId, partnerId, ... }
 *       const site = await apiTokenSite(request, request.params.site); // 404 outside the token's sites
 *       return bookForPartner(app.db, ..., apiTokenActor(request)); // the token as the audit actor
 *     });
 *
 * Before the body is even read (onRequest), in this order:
 * 1. `Authorization: Bearer kpt_…`: a missing, malformed, unknown, expired or revoked token, or one of an
 *    inactive partner, answers 401 `api_token_invalid` (the one error body).
 * 2. The per-token rate limit: more than API_TOKEN_REQUESTS_PER_MINUTE calls in a minute answer 429
 *    `too many requests` with Retry-After, counted in the rate limits' store (ADR 093) so every process
 *    shares one count.
 * 3. The scope: the token's level for `area` must reach `level`, `partner: true` routes need a partner's
 *    token, and a route with `:site` needs a site of the token's organisation that the token covers;
 *    anything else answers 404 `record not found`, the same as a site that does not exist.
 * The token's last use is recorded (at most one write a minute), and every call that got past step 1 is
 * audited (object `api_token`, action `api_call`: route, method, status, site) before the answer is sent,
 * with the token as the actor (actor kind `token`). Changes the handler makes are audited by the domain
 * with `apiTokenActor(request)`, so the order's own events name the token too.
 */
export interface ApiTokenAccess {
  area: PermissionArea;
  level: 'read' | 'write';
  /** Only a partner's token (partner_id set): the partner API. */
  partner?: true;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by an API-token route's hook once the token is valid (null elsewhere and before). */
    apiToken: ApiTokenPrincipal | null;
  }
  interface FastifyContextConfig {
    /** The API-token route's declared access (registerApiTokenEndpoint); absent on any other route. */
    apiTokenAccess?: ApiTokenAccess;
  }
}

/** The valid token of an API-token route's request (its hook ran before the handler). */
export function apiTokenOf(request: FastifyRequest): ApiTokenPrincipal {
  if (!request.apiToken) throw new AppError('api_token_invalid');
  return request.apiToken;
}

/** The token as the actor of the audit events its call causes (label: its name and public prefix). */
export function apiTokenActor(request: FastifyRequest): AuditActor {
  const token = apiTokenOf(request);
  const userAgent = request.headers['user-agent'];
  return {
    kind: 'token',
    tokenId: token.tokenId,
    label: `${token.name} (kpt_${token.prefix})`,
    clientAddress: clientAddressOf(request),
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
  };
}

/** Whether the token covers `siteCode` as far as its own list says (its organisation is checked apart). */
function coversSite(token: ApiTokenPrincipal, siteCode: string): boolean {
  return token.siteCodes === null || token.siteCodes.includes(siteCode);
}

/**
 * The site `siteCode` names when the token may act on it: a site of the token's organisation among the
 * token's sites. Anything else answers 404, the same for another organisation's site as for none.
 */
export async function apiTokenSite(
  request: FastifyRequest,
  siteCode: string,
): Promise<{ code: string; organisationId: number }> {
  const token = apiTokenOf(request);
  if (!coversSite(token, siteCode)) throw new AppError('record_not_found');
  const { rows } = await request.server.db.execute(
    sql`SELECT 1 FROM sites WHERE code = ${siteCode} AND organisation_id = ${token.organisationId}`,
  );
  if (rows.length === 0) throw new AppError('record_not_found');
  return { code: siteCode, organisationId: token.organisationId };
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
  return match ? match[1]! : null;
}

/** Steps 1 to 3 of the header comment. */
async function requireToken(request: FastifyRequest, reply: FastifyReply, access: ApiTokenAccess) {
  request.apiToken = null;
  const bearer = bearerOf(request);
  const token = bearer === null ? null : await authenticateApiToken(request.server.db, bearer);
  if (!token) throw new AppError('api_token_invalid');
  request.apiToken = token;
  const db = request.server.db;
  // Counted in the rate limits' store (ADR 093): one count for every process, as the per-client limits.
  const count = await request.server.rateLimitCounter.count(`api-token|${token.tokenId}`, 60_000);
  await recordApiTokenUse(db, token.tokenId);
  if (count.current > API_TOKEN_REQUESTS_PER_MINUTE) {
    reply.header('retry-after', String(Math.max(1, Math.ceil(count.ttl / 1000))));
    throw new AppError('too_many_requests');
  }
  if (!permits(token.permissions[access.area], access.level)) throw new AppError('record_not_found');
  if (access.partner && token.partnerId === null) throw new AppError('record_not_found');
  const { site } = (request.params ?? {}) as { site?: unknown };
  if (site !== undefined) await apiTokenSite(request, typeof site === 'string' ? site : '');
}

/** The audit row of one call: what was called and how it ended; never the query, body or answer. */
async function auditCall(request: FastifyRequest, reply: FastifyReply, routeName: string): Promise<void> {
  const token = request.apiToken;
  if (!token) return;
  const { site } = (request.params ?? {}) as { site?: unknown };
  const siteInScope = typeof site === 'string' && coversSite(token, site) && reply.statusCode !== 404;
  try {
    await recordAudit(request.server.db, {
      actor: apiTokenActor(request),
      organisationId: token.organisationId,
      siteCode: siteInScope ? site : null,
      objectType: 'api_token',
      objectId: String(token.tokenId),
      action: 'api_call',
      after: {
        route: routeName,
        method: request.method,
        status: reply.statusCode,
        ...(typeof site === 'string' ? { site: site.slice(0, 40) } : {}),
      },
    });
  } catch (error) {
    // The answer is already decided; a lost audit row is logged loudly rather than turned into a 500.
    request.log.error({ err: error, tokenId: token.tokenId }, 'could not audit an API token call');
  }
}

/**
 * Registers `endpoint` of the contract as an API-token route (see the header comment): the one way a
 * token-authenticated route is added.
 */
export function registerApiTokenEndpoint<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  access: ApiTokenAccess,
  handler: EndpointHandler<E>,
  options: Omit<EndpointOptions<E>, 'config' | 'onRequest' | 'onSend'> & {
    config?: Record<string, unknown>;
  } = {},
): void {
  if (!app.hasRequestDecorator('apiToken')) app.decorateRequest('apiToken', null);
  registerEndpoint(
    app,
    endpoint,
    {
      ...options,
      config: { ...options.config, apiTokenAccess: access },
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => requireToken(request, reply, access),
      onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        await auditCall(request, reply, endpoint.name);
        return payload;
      },
      schema: { tags: ['partner'], ...options.schema },
    } as EndpointOptions<E>,
    handler,
  );
}
