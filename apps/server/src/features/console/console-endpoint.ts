import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { permits, type AnyEndpoint, type PermissionArea } from '@kippu/contract';
import type { AuditActor } from '../../domain/audit/record-audit.ts';
import type { StaffSession } from '../../domain/staff/staff-types.ts';
import { clientAddressOf } from '../../plugins/client-key.ts';
import {
  registerEndpoint,
  type EndpointHandler,
  type EndpointOptions,
} from '../../plugins/register-endpoint.ts';
import { AppError } from '../../shared/app-error.ts';

/**
 * What a console route needs (ADR 064). Every route under /console/api/v1 declares one through
 * registerConsoleEndpoint; a route without one is refused by the console's hook and fails the route-table
 * test, so no route is open by omission.
 * - an area and level: signed in, second factor done where the role asks for it, the role's permission for the
 *   area at least at the level (`reauthenticate`: and the password given again within the last 5 minutes);
 * - 'signed-in': any signed-in staff member (second factor done where required);
 * - `{ signedIn: true, reauthenticate: true }`: the same, with the password given again within 5 minutes
 *   (a member's own sensitive change that no area permission covers, such as new recovery codes);
 * - 'public': sign-in, invitation acceptance, password reset.
 */
export type ConsoleAccess =
  | { area: PermissionArea; level: 'read' | 'write'; reauthenticate?: true }
  | { signedIn: true; reauthenticate: true }
  | 'signed-in'
  | 'public';

/**
 * The signed-in staff member of a console request: set on every route that is not public. The session's
 * identity and permissions, without its CSRF token and second-factor state, which only the console's hook reads.
 */
export type ConsoleStaff = Pick<
  StaffSession,
  | 'sessionId'
  | 'staffId'
  | 'email'
  | 'name'
  | 'lang'
  | 'organisationId'
  | 'roleId'
  | 'roleTemplate'
  | 'permissions'
  | 'limits'
  | 'siteCodes'
>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the console's hook on every console route that is not public (null elsewhere). */
    consoleStaff: ConsoleStaff;
  }
  interface FastifyContextConfig {
    /** The console route's declared access (registerConsoleEndpoint); absent on any other route. */
    consoleAccess?: ConsoleAccess;
    /** The contract's name of the console route. */
    consoleRoute?: string;
  }
}

/** The access declarations of the console's routes, read by the console hook and the route-table test. */
export function consoleAccessOf(request: FastifyRequest): ConsoleAccess | undefined {
  return request.routeOptions.config.consoleAccess;
}

/**
 * Registers a console endpoint of the contract with what it needs: the one way a console route is added.
 * The console's hook (console-session.ts) enforces the declaration before the body is even read.
 */
export function registerConsoleEndpoint<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  access: ConsoleAccess,
  handler: EndpointHandler<E>,
  options: Omit<EndpointOptions<E>, 'config'> & { config?: Record<string, unknown> } = {},
): void {
  // A route under /sites/:site checks the site before its body and query are validated: another
  // organisation's site, or one the membership does not cover, answers 404 whatever was sent, so a schema's
  // 400 never tells who may not use the route that the site exists (the handler's own consoleSite call is
  // answered from this one).
  const ownHooks = options.preValidation === undefined ? [] : [options.preValidation].flat();
  const siteFirst =
    typeof access === 'object' && 'area' in access && /\/sites\/:site(\/|$)/.test(endpoint.path)
      ? [
          async (request: FastifyRequest) => {
            const { site } = request.params as { site?: unknown };
            await consoleSite(request, typeof site === 'string' ? site : '', access.area, access.level);
          },
        ]
      : [];
  registerEndpoint(
    app,
    endpoint,
    {
      ...options,
      ...(siteFirst.length + ownHooks.length > 0 ? { preValidation: [...siteFirst, ...ownHooks] } : {}),
      config: { ...options.config, consoleAccess: access, consoleRoute: endpoint.name },
      schema: { tags: ['console'], ...options.schema },
    } as EndpointOptions<E>,
    handler,
  );
}

/**
 * The site `siteCode` names, when the staff member may act on it at `level` in `area`: it belongs to their
 * organisation, their membership covers it, and their role reaches the level. Anything else answers 404
 * `record not found`, the same for a site of another organisation as for one that does not exist, so the
 * answer never tells which sites exist elsewhere.
 */
export function consoleSite(
  request: FastifyRequest,
  siteCode: string,
  area: PermissionArea,
  level: 'read' | 'write',
): Promise<ConsoleSite> {
  let checked = checkedSites.get(request);
  if (!checked) checkedSites.set(request, (checked = new Map()));
  const key = `${siteCode}\u0000${area}\u0000${level}`;
  let site = checked.get(key);
  if (!site) checked.set(key, (site = findConsoleSite(request, siteCode, area, level)));
  return site;
}

export interface ConsoleSite {
  code: string;
  organisationId: number;
}

/** The sites a request has already been checked for (the route's pre-validation, then its handler). */
const checkedSites = new WeakMap<FastifyRequest, Map<string, Promise<ConsoleSite>>>();

async function findConsoleSite(
  request: FastifyRequest,
  siteCode: string,
  area: PermissionArea,
  level: 'read' | 'write',
): Promise<ConsoleSite> {
  const staff = request.consoleStaff as ConsoleStaff | null;
  if (!staff || !permits(staff.permissions[area], level) || !staff.siteCodes.includes(siteCode)) {
    throw new AppError('record_not_found');
  }
  const { rows } = await request.server.db.execute<{ code: string }>(
    sql`SELECT code FROM sites WHERE code = ${siteCode} AND organisation_id = ${staff.organisationId}`,
  );
  if (rows.length === 0) throw new AppError('record_not_found');
  return { code: siteCode, organisationId: staff.organisationId };
}

/** Who a console request's change is by, for the audit log. */
export function consoleActor(request: FastifyRequest): AuditActor {
  const staff = request.consoleStaff as ConsoleStaff | null;
  const userAgent = request.headers['user-agent'];
  return {
    kind: 'staff',
    ...(staff ? { staffId: staff.staffId } : {}),
    clientAddress: clientAddressOf(request),
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
  };
}
