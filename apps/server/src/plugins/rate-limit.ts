import type { FastifyRequest } from 'fastify';
import { rateLimitClientOf } from './client-key.ts';

/** A budget of calls per client and time window (@fastify/rate-limit's `timeWindow`: ms or '1 minute'). */
export interface ClientBudget {
  max: number;
  timeWindow: string | number;
}

/**
 * Budgets of the calls worth abusing (ADR 015), per client address in a window. Generous for a visitor,
 * slow for a script: a school group behind one address still gets through.
 */
export const CLIENT_BUDGETS = {
  /** Guessing coupon codes: the budget is the client's, however many orders it opens. */
  couponCodes: { max: 20, timeWindow: '1 minute' },
  /** Temporary orders: each one holds stock; the hold caps (ADR 015) bound what is held at once. */
  orderHolds: { max: 30, timeWindow: '1 minute' },
} satisfies Record<string, ClientBudget>;

/**
 * Route config that limits a call per client: `config: perClientRateLimit('coupon-codes', budget)`.
 * The client is `rateLimitClientOf(request)` (client-key.ts). Counted in the store every process shares
 * (ADR 093: PostgreSQL, or Redis with REDIS_URL); every route has its own counters (the store prefixes the
 * route), `name` keeps the keys readable. A limit made with `app.createRateLimit` has no route in its key:
 * its keyGenerator must start with a name of its own. Answers 429 with `{ error: 'too many requests' }`
 * through the error handler. `patient`: the call may wait a few milliseconds under load for its count to
 * share a statement with others (a waiting-room join, which waits its turn anyway; ADR 120).
 */
export function perClientRateLimit(name: string, budget: ClientBudget, options: { patient?: boolean } = {}) {
  return {
    rateLimit: {
      max: budget.max,
      timeWindow: budget.timeWindow,
      keyGenerator: (request: FastifyRequest) => `${name}|${rateLimitClientOf(request)}`,
      ...(options.patient ? { patient: true } : {}),
    },
  };
}

/** Most clients one route keeps counters for; the older half is dropped at once beyond it. */
export const MAX_CLIENTS_PER_ROUTE = 10_000;

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface Window {
  count: number;
  startedAt: number;
}

/**
 * The counters behind perClientRateLimit, registered as @fastify/rate-limit's `store`. Its default
 * LocalStore answers every caller with the same mutable counter, read after an await: a burst of more than
 * `max` calls from one client then sees the final count in every call and refuses all of them, the first
 * ones too. This store answers each call with its own count. Fixed windows per key, in process memory:
 * since ADR 093 the fallback of the shared store (limit-store/) while that store does not answer.
 *
 * Bounded in two generations: new windows go to `recent`; when it is full it becomes `older` and the
 * previous `older` is dropped whole, so a client's window outlives at least 5 000 newer clients, at most
 * 10 000. Evicting the single oldest key instead cost a scan over the Map's
 * deleted entries on every new client, about 8 µs a call once a flood of addresses filled it.
 */
export class SnapshotRateLimitStore {
  private recent = new Map<string, Window>();
  private older = new Map<string, Window>();

  incr(key: string, callback: IncrCallback, timeWindow: number): void {
    const now = Date.now();
    let window = this.recent.get(key) ?? this.older.get(key);
    if (!window || window.startedAt + timeWindow <= now) {
      window = { count: 0, startedAt: now };
      this.older.delete(key);
      if (this.recent.size >= MAX_CLIENTS_PER_ROUTE / 2) {
        this.older = this.recent;
        this.recent = new Map();
      }
      this.recent.set(key, window);
    }
    window.count += 1;
    callback(null, { current: window.count, ttl: window.startedAt + timeWindow - now });
  }

  /** Every route with its own limit gets its own counters. */
  child(): SnapshotRateLimitStore {
    return new SnapshotRateLimitStore();
  }
}
