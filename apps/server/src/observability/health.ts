import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS } from '@kippu/contract';
import { addressList, inAddressList, isLoopback } from '../config/metrics-allow.ts';
import type { Env } from '../config/env.ts';
import { listMigrations } from '../db/migrate.ts';
import { shared, type DatabaseProbe } from './database-probe.ts';
import type { Metrics } from './metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Readiness for load balancers (ADR 099): `beginDraining()` turns `/readyz` to 503 for good. */
    readiness: Readiness;
  }
}

export interface Readiness {
  readonly draining: boolean;
  beginDraining(): void;
}

/** Why `/readyz` says no, in its 503 body beside the one error string. */
export type NotReadyReason = 'draining' | 'database_unreachable' | 'migrations_pending';

/** Infrastructure answers: read often, by machines; no person's log needs a line per probe. */
const QUIET = { logLevel: 'warn', schema: { hide: true } } as const;

function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store');
}

/**
 * `GET /healthz`, `GET /readyz` and `GET /metrics` (issue 31, ADR 099), at the root outside every site (their
 * first segments are reserved slugs). Not in the contract: like `/openapi.json` and `/robots.txt` they are
 * for machines, not for the web app's typed client. Outside the API's paths, so the overload guard never
 * sheds them (ADR 034): a load balancer must hear "alive" from a busy process, and each costs a route, no
 * more (healthz) or one statement on the probe's own connection (readyz).
 */
export async function registerHealthRoutes(
  app: FastifyInstance,
  { env, probe, metrics }: { env: Env; probe: DatabaseProbe; metrics: Metrics },
): Promise<void> {
  let draining = false;
  const readiness: Readiness = {
    get draining() {
      return draining;
    },
    beginDraining() {
      draining = true;
    },
  };
  app.decorate('readiness', readiness);
  // app.close() without a drain before it (tests, a start that failed): not ready from its first step.
  app.addHook('preClose', (done) => {
    draining = true;
    done();
  });
  app.addHook('onClose', () => probe.close());

  // The migrations this build ships: all of them must be in schema_migrations (a restored backup may lack some).
  const migrations = await listMigrations();
  const databaseCheck = shared(async (): Promise<NotReadyReason | null> => {
    try {
      const [row] = await probe.query<{ applied: number }>(
        'SELECT count(*)::int AS applied FROM schema_migrations WHERE name = ANY($1)',
        [migrations],
      );
      return row?.applied === migrations.length ? null : 'migrations_pending';
    } catch {
      return 'database_unreachable';
    }
  });

  // Alive: the process answers. Never the database: a database outage must not get every process restarted.
  app.get('/healthz', QUIET, (_request, reply) => noStore(reply).send({ status: 'ok' }));

  app.get('/readyz', QUIET, async (request, reply) => {
    const reason = draining ? 'draining' : await databaseCheck();
    // Draining may have begun while the database answered.
    const final = draining ? 'draining' : reason;
    if (final === null) return noStore(reply).send({ status: 'ok' });
    if (final !== 'draining') request.log.warn({ reason: final }, 'not ready');
    return noStore(reply)
      .status(ERRORS.temporarily_unavailable.status)
      .send({ error: ERRORS.temporarily_unavailable.message, reason: final });
  });

  const allowed = addressList(env.METRICS_ALLOW);
  const tokenDigest = env.METRICS_TOKEN ? digest(env.METRICS_TOKEN) : undefined;
  const mayRead = (request: FastifyRequest): boolean => {
    if (tokenDigest && bearerMatches(request.headers.authorization, tokenDigest)) return true;
    if (inAddressList(allowed, request.ip)) return true;
    // Loopback only when no proxy stands between: a reverse proxy on the same host forwards the whole
    // internet from 127.0.0.1 (and says so in X-Forwarded-For, trusted or not).
    const proxied =
      request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    return !proxied && isLoopback(request.ip);
  };
  app.get('/metrics', QUIET, async (request, reply) => {
    // Anyone else is told what any unknown path tells: nothing here.
    if (!mayRead(request)) {
      return noStore(reply).status(404).send({ error: ERRORS.not_found.message });
    }
    const text = await metrics.text();
    return noStore(reply).type(metrics.contentType).send(text);
  });
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time. */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
}
