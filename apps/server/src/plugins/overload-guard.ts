import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { ERRORS } from '@kippu/contract';
import { mayReachApi, routedPathOf, routePatternMatcher } from './api-path.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET that changes state (following a mailed link confirms the address and readies or creates an
     * order): the overload guard gives it the priority of writes, not of reads (issue 24, ADR 049).
     */
    changesState?: boolean;
  }
}

/** The route option of a GET that changes state: `config: CHANGES_STATE`. */
export const CHANGES_STATE = { changesState: true } as const;

/**
 * Overload protection (issue 12, ADR 034). Past what the process can answer in time, extra API requests get
 * a fast `503 { error: 'server busy' }` with `Retry-After` instead of joining a queue that makes everyone
 * late. It runs in Node's request handler, before Fastify parses or routes anything, so a refusal costs
 * about what a hello-world costs. Three signals:
 * - API requests in flight (the main one: by Little's law it bounds the wait of every accepted request);
 * - the event loop's delay (the process is short of CPU, whatever the cause), counted once the first full
 *   sample after the server started listening is in (a start-up's own work is not load);
 * - queries waiting for a pooled connection (PostgreSQL or the pool is the bottleneck).
 * Reads are refused first; writes (a hold, a checkout) only well past the point where reads are, so a
 * visitor who chose seats gets them while the availability reads around them are shed. Kept availability
 * answers (ADR 033) are served in front of this guard: they cost almost nothing.
 */
export interface OverloadLimits {
  /** API requests in flight at or above which reads are refused. */
  readInFlight: number;
  /** Event-loop delay (ms) above which reads are refused. */
  readLagMs: number;
  /** Queries waiting for a connection above which reads are refused. */
  readPoolWaiting: number;
  writeInFlight: number;
  writeLagMs: number;
  writePoolWaiting: number;
  /** Seconds a refused client is asked to wait (Retry-After). */
  retryAfterSeconds: number;
}

export const DEFAULT_OVERLOAD_LIMITS: OverloadLimits = {
  readInFlight: 512,
  readLagMs: 100,
  readPoolWaiting: 16,
  writeInFlight: 1024,
  writeLagMs: 250,
  writePoolWaiting: 60,
  retryAfterSeconds: 1,
};

export interface LoadSignals {
  /** Recent event-loop delay in ms: rises at once, decays over a few samples. */
  lagMs(): number;
  /** Queries waiting for a pooled connection now. */
  poolWaiting(): number;
}

const SAMPLE_MS = 20;

/**
 * Measures the event loop's delay with a timer's drift; reads the pool's queue on demand. The delay counts
 * from the last `restart()` (the server starting to listen, app.ts) and only once the first full sample after
 * it has been taken, whose drift is dropped: what start-up work (migrations, seeding, module loading) and its
 * tail right after listening held the loop for is not load, and must not shed the first visitors (ADR 034).
 */
export function startLoadSignals(pool: { waitingCount: number }): LoadSignals & {
  restart(): void;
  stop(): void;
} {
  let timer: ReturnType<typeof setInterval> | undefined;
  let last = 0;
  let lag = 0;
  let warm = false;
  const sample = () => {
    const now = performance.now();
    const drift = Math.max(0, now - last - SAMPLE_MS);
    last = now;
    if (warm) lag = drift > lag ? drift : lag * 0.6 + drift * 0.4;
    else warm = true;
  };
  const restart = () => {
    clearInterval(timer);
    last = performance.now();
    lag = 0;
    warm = false;
    timer = setInterval(sample, SAMPLE_MS);
    timer.unref();
  };
  restart();
  return {
    lagMs: () => (warm ? Math.max(lag, performance.now() - last - SAMPLE_MS) : 0),
    poolWaiting: () => pool.waitingCount,
    restart,
    stop: () => clearInterval(timer),
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const PARKED_POLL = /^\/[^/]+\/api\/v1\/waiting-room\/entries\/current$/;

/**
 * The waiting room's parked long polls (`GET entries/current?wait=1`, ADR 095) pass the guard uncounted:
 * thousands in flight cost no CPU, and counting them would shed every other call. Nothing else of the
 * waiting room does (review finding 3): a join or a plain read queries the database like any call, and is
 * shed with 503 and Retry-After under overload (the web retries a join). The polls themselves are bounded
 * in the waiting room: one per place, at most `maxParkedPolls` per process.
 */
function isParkedPoll(req: { method?: string; url?: string }): boolean {
  const url = req.url ?? '';
  if (req.method !== 'GET' || !url.includes('waiting-room')) return false;
  const query = url.indexOf('?');
  if (query < 0 || new URLSearchParams(url.slice(query + 1)).get('wait') !== '1') return false;
  const path = routedPathOf(url);
  return path !== undefined && PARKED_POLL.test(path);
}

/**
 * What a call does, not its method (issue 24, ADR 049): every method but GET, HEAD and OPTIONS writes, and so
 * does a GET whose route declares `config: CHANGES_STATE`. The guard runs before Fastify routes anything, so
 * the declared routes' URL patterns are matched against the path the router will see (decoded, without a
 * tickets folder); `register` collects them from the route table as routes are added, so a new
 * state-changing GET needs only its flag.
 */
export interface CallClasses {
  isWrite(method: string | undefined, url: string): boolean;
  register(app: FastifyInstance): void;
}

export function createCallClasses(): CallClasses {
  const stateChangingGets: RegExp[] = [];
  return {
    isWrite(method, url) {
      if (!SAFE_METHODS.has(method ?? 'GET')) return true;
      if (stateChangingGets.length === 0) return false;
      const path = routedPathOf(url);
      return path !== undefined && stateChangingGets.some((pattern) => pattern.test(path));
    },
    register(app) {
      app.addHook('onRoute', (route) => {
        if (route.config?.changesState && [route.method].flat().includes('GET')) {
          stateChangingGets.push(routePatternMatcher(route.url));
        }
      });
    },
  };
}

/** Reads only: the classes of ADR 034, by method. */
const BY_METHOD: CallClasses = {
  isWrite: (method) => !SAFE_METHODS.has(method ?? 'GET'),
  register: () => {},
};

function isOverloaded(
  req: IncomingMessage,
  inFlight: number,
  signals: LoadSignals,
  limits: OverloadLimits,
  classes: CallClasses,
): boolean {
  const lag = signals.lagMs();
  const waiting = signals.poolWaiting();
  const pastReads =
    inFlight >= limits.readInFlight || lag > limits.readLagMs || waiting > limits.readPoolWaiting;
  const pastWrites =
    inFlight >= limits.writeInFlight || lag > limits.writeLagMs || waiting > limits.writePoolWaiting;
  // The call is classified only when its class decides (under load): the path is not matched otherwise.
  if (pastReads === pastWrites) return pastReads;
  return classes.isWrite(req.method, req.url ?? '/') ? pastWrites : pastReads;
}

export interface OverloadGuard {
  /** Node request handler step: refuses an API request when overloaded, else counts it and calls `next`. */
  handle(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /**
   * API requests in flight now and requests refused since start, for the metrics (ADR 099): a refusal never
   * reaches Fastify, so the request metrics cannot see it.
   */
  stats(): { inFlight: number; shed: number };
}

export function createOverloadGuard(
  signals: LoadSignals,
  limits: OverloadLimits,
  onShed: (shed: number, state: { inFlight: number; lagMs: number; poolWaiting: number }) => void,
  classes: CallClasses = BY_METHOD,
): OverloadGuard {
  // A string: Node sends it in one write with the head (a Buffer would be a second chunk; fast-not-found.ts).
  const body = JSON.stringify({ error: ERRORS.server_busy.message });
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'retry-after': String(limits.retryAfterSeconds),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  };
  let inFlight = 0;
  let shed = 0;
  let shedSinceStart = 0;
  let lastReport = 0;
  const finished = () => {
    inFlight -= 1;
  };

  return {
    handle(req, res, next) {
      // Only the API: pages, assets and gateway returns are cheap or must not be refused.
      if (!mayReachApi(req.url) || isParkedPoll(req)) return next();
      if (isOverloaded(req, inFlight, signals, limits, classes)) {
        shed += 1;
        shedSinceStart += 1;
        const now = Date.now();
        if (now - lastReport > 10_000) {
          onShed(shed, { inFlight, lagMs: Math.round(signals.lagMs()), poolWaiting: signals.poolWaiting() });
          lastReport = now;
          shed = 0;
        }
        res.writeHead(503, headers);
        res.end(body);
        return;
      }
      inFlight += 1;
      res.on('close', finished);
      next();
    },
    stats: () => ({ inFlight, shed: shedSinceStart }),
  };
}

/** A guard that never refuses (tests that fire hundreds of concurrent requests on purpose). */
export const UNGUARDED: OverloadGuard = {
  handle: (_req, _res, next) => next(),
  stats: () => ({ inFlight: 0, shed: 0 }),
};
