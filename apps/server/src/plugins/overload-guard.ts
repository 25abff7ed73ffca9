import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERRORS } from '@kippu/contract';

/**
 * Overload protection (issue 12, ADR 034). Past what the process can answer in time, extra requests get a
 * fast `503 { error: 'server busy' }` with `Retry-After` instead of joining a queue that makes everyone
 * late. Two signals: the event loop's delay (the process is short of CPU) and the number of queries
 * waiting for a pooled connection (PostgreSQL or the pool is the bottleneck). Reads are refused first;
 * writes (a hold, a checkout) only well past the point where reads are, so a visitor who chose seats gets
 * them while the availability reads around them are shed. Kept availability answers (ADR 033) are served
 * in front of this guard: they cost almost nothing.
 */
export interface OverloadLimits {
  /** Event-loop delay (ms) above which reads are refused. */
  readLagMs: number;
  /** Queries waiting for a connection above which reads are refused. */
  readPoolWaiting: number;
  writeLagMs: number;
  writePoolWaiting: number;
  /** Seconds a refused client is asked to wait (Retry-After). */
  retryAfterSeconds: number;
}

export const DEFAULT_OVERLOAD_LIMITS: OverloadLimits = {
  readLagMs: 40,
  readPoolWaiting: 8,
  writeLagMs: 150,
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

/** Measures the event loop's delay with a timer's drift; reads the pool's queue on demand. */
export function startLoadSignals(pool: { waitingCount: number }): LoadSignals & { stop(): void } {
  let last = performance.now();
  let lag = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    const drift = Math.max(0, now - last - SAMPLE_MS);
    last = now;
    lag = drift > lag ? drift : lag * 0.6 + drift * 0.4;
  }, SAMPLE_MS);
  timer.unref();
  return {
    lagMs: () => Math.max(lag, performance.now() - last - SAMPLE_MS),
    poolWaiting: () => pool.waitingCount,
    stop: () => clearInterval(timer),
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isOverloaded(
  request: Pick<FastifyRequest, 'method'>,
  signals: LoadSignals,
  limits: OverloadLimits,
) {
  const read = SAFE_METHODS.has(request.method);
  const lag = signals.lagMs();
  const waiting = signals.poolWaiting();
  return read
    ? lag > limits.readLagMs || waiting > limits.readPoolWaiting
    : lag > limits.writeLagMs || waiting > limits.writePoolWaiting;
}

/** Register in the API's scope: pages and assets are static and cheap; the API is where the work is. */
export function registerOverloadGuard(
  api: FastifyInstance,
  signals: LoadSignals,
  limits: OverloadLimits,
): void {
  let shed = 0;
  let lastLog = 0;
  api.addHook('onRequest', async (request, reply) => {
    if (!isOverloaded(request, signals, limits)) return;
    shed += 1;
    const now = Date.now();
    if (now - lastLog > 10_000) {
      request.log.warn(
        { shed, lagMs: Math.round(signals.lagMs()), poolWaiting: signals.poolWaiting() },
        'overloaded: shedding requests',
      );
      lastLog = now;
      shed = 0;
    }
    return reply
      .status(503)
      .header('retry-after', String(limits.retryAfterSeconds))
      .header('cache-control', 'no-store')
      .send({ error: ERRORS.server_busy.message });
  });
}
