import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { postgresCounters } from './postgres-counters.ts';
import { redisCounters } from './redis-counters.ts';
import { rateLimitCounter, sharedRateLimitStore, type RateLimitCounter } from './shared-rate-limit-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts in the rate limits' store (ADR 093) for limits outside @fastify/rate-limit. */
    rateLimitCounter: RateLimitCounter;
  }
}

/** Where Redis keys of the rate limits start (ADR 093). */
export const REDIS_KEY_PREFIX = 'kippu:rate-limit:';

export interface RateLimitStoreOptions {
  redisUrl: string | undefined;
  db: Db;
  log: FastifyBaseLogger;
  /** Added after REDIS_KEY_PREFIX: a test run's own, so parallel runs never share counters. */
  redisKeyPrefix?: string;
}

/**
 * The rate limits' store for @fastify/rate-limit (ADR 093): Redis when REDIS_URL is set, the server's
 * PostgreSQL otherwise. `close` ends the Redis connection with the app.
 */
export function createRateLimitStore({ redisUrl, db, log, redisKeyPrefix = '' }: RateLimitStoreOptions): {
  Store: ReturnType<typeof sharedRateLimitStore>;
  /** The same store for counts made by hand (`app.rateLimitCounter`: the API token limit). */
  counter: RateLimitCounter;
  close(): Promise<void>;
} {
  const counters = redisUrl
    ? redisCounters(redisUrl, REDIS_KEY_PREFIX + redisKeyPrefix)
    : postgresCounters(db.$client, (error) =>
        log.warn({ err: error }, 'rate-limit store: sweeping ended windows failed'),
      );
  const Store = sharedRateLimitStore(counters, log);
  return { Store, counter: rateLimitCounter(Store), close: () => counters.close() };
}
