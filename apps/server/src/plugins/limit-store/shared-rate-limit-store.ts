import type { FastifyBaseLogger } from 'fastify';
import { SnapshotRateLimitStore } from '../rate-limit.ts';
import type { SharedCounters } from './shared-counters.ts';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Longest wait for the shared store before a call counts in the process instead. Generous: an upsert is
 * about a millisecond, so only a frozen or lost store reaches it, and then only the calls already waiting
 * and one probe per STORE_RETRY_MS wait that long; a slow moment of a loaded database must not split counts.
 */
export const STORE_ANSWER_LIMIT_MS = 2000;
/** While the store is down, one call tries it again this often; the others count in the process. */
export const STORE_RETRY_MS = 2000;

/**
 * Whether the shared store answers, one per app (every route's counters share it). A failure is logged
 * once when the store goes down and once when it is back: never one line per request.
 */
class StoreHealth {
  private downSince: number | null = null;
  private retryAt = 0;

  constructor(
    private readonly name: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Up: every call. Down: one call per STORE_RETRY_MS probes it. */
  shouldTry(now: number): boolean {
    if (this.downSince === null) return true;
    if (now < this.retryAt) return false;
    this.retryAt = now + STORE_RETRY_MS;
    return true;
  }

  failed(error: Error): void {
    const now = Date.now();
    this.retryAt = now + STORE_RETRY_MS;
    if (this.downSince !== null) return;
    this.downSince = now;
    this.log.error(
      { err: error, store: this.name },
      `rate-limit store ${this.name} unreachable: counting per process until it answers again`,
    );
  }

  succeeded(): void {
    if (this.downSince === null) return;
    const seconds = Math.round((Date.now() - this.downSince) / 1000);
    this.downSince = null;
    this.log.warn({ store: this.name }, `rate-limit store ${this.name} answers again after ${seconds} s`);
  }
}

/** What @fastify/rate-limit passes to `child` at run time (its types name Fastify's RouteOptions instead). */
interface ChildParams {
  routeInfo?: { method?: string | string[]; url?: string };
  /** perClientRateLimit's `patient` (passed through with the route's rateLimit options). */
  patient?: boolean;
}

/**
 * @fastify/rate-limit's `store` (a class it instantiates, then `child()` per route): counts in `counters`,
 * which every process shares (ADR 093), and in the process's own SnapshotRateLimitStore while the shared
 * store does not answer (an error or STORE_ANSWER_LIMIT_MS): a visitor then gets a 2xx or a 429 from the
 * process's count, never a 5xx because of the limiter. Every route keeps its own counters, as before: the
 * route (method and path pattern) is part of the key.
 */
export function sharedRateLimitStore(counters: SharedCounters, log: FastifyBaseLogger) {
  const health = new StoreHealth(counters.name, log);

  return class SharedRateLimitStore {
    private readonly local = new SnapshotRateLimitStore();

    constructor(
      _globalParams?: unknown,
      private readonly route = '',
      private readonly patient = false,
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      const fullKey = this.route + key;
      if (!health.shouldTry(Date.now())) {
        this.local.incr(fullKey, callback, timeWindow);
        return;
      }
      let answered = false;
      const fallBack = (error: Error) => {
        if (answered) return;
        answered = true;
        clearTimeout(timer);
        health.failed(error);
        this.local.incr(fullKey, callback, timeWindow);
      };
      const timer = setTimeout(
        () => fallBack(new Error(`no answer within ${STORE_ANSWER_LIMIT_MS} ms`)),
        STORE_ANSWER_LIMIT_MS,
      );
      counters.incr(fullKey, timeWindow, this.patient).then((count) => {
        if (answered) return;
        answered = true;
        clearTimeout(timer);
        health.succeeded();
        callback(null, count);
      }, fallBack);
    }

    child(routeOptions: object): SharedRateLimitStore {
      const { routeInfo, patient } = routeOptions as ChildParams;
      const { method, url } = routeInfo ?? {};
      const route = url ? `${Array.isArray(method) ? method.join(',') : (method ?? '')} ${url}|` : '';
      return new SharedRateLimitStore(undefined, route, patient === true);
    }
  };
}

/** A count outside @fastify/rate-limit (e.g. per API token), through the same store and fallback. */
export interface RateLimitCounter {
  /** Counts one call under `key` (used as given) in a window of `windowMs`: this call's count and the ms left. */
  count(key: string, windowMs: number): Promise<{ current: number; ttl: number }>;
}

export function rateLimitCounter(Store: ReturnType<typeof sharedRateLimitStore>): RateLimitCounter {
  const store = new Store();
  return {
    count: (key, windowMs) =>
      new Promise((resolve, reject) => {
        store.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), windowMs);
      }),
  };
}
