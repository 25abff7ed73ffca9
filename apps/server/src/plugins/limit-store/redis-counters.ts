import { Redis } from 'ioredis';
import type { SharedCounters, WindowCount } from './shared-counters.ts';
import { STORE_ANSWER_LIMIT_MS } from './shared-rate-limit-store.ts';

/**
 * One script per call, atomic in Redis (as @fastify/rate-limit's own RedisStore): the first call of a window
 * sets the key's expiry to the window, so a key vanishes with its window and needs no sweep.
 */
const INCR_SCRIPT = `
  local current = redis.call('INCR', KEYS[1])
  if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[1])
    ttl = tonumber(ARGV[1])
  end
  return {current, ttl}`;

type CountingRedis = Redis & {
  kippuRateLimit(key: string, windowMs: number): Promise<[number, number]>;
};

/**
 * The counters in Redis at `url`, every key under `keyPrefix`. A command waits for a connection being made
 * (the first calls after a start), but never past STORE_ANSWER_LIMIT_MS, and a failed connection attempt
 * fails the commands waiting for it at once (maxRetriesPerRequest 0): the call then counts in the process.
 * The client reconnects by itself, so the shared count resumes when Redis is back.
 */
export function redisCounters(url: string, keyPrefix: string): SharedCounters {
  const redis = new Redis(url, {
    keyPrefix,
    maxRetriesPerRequest: 0,
    // A frozen Redis: the command is given up with the call (shared-rate-limit-store.ts), not kept.
    commandTimeout: STORE_ANSWER_LIMIT_MS,
    connectTimeout: 2000,
    // Keep trying, at most every 2 s: the store comes back without a restart.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  }) as CountingRedis;
  // Connection errors are told once by the rate-limit store when a call fails; ioredis would print each.
  redis.on('error', () => undefined);
  redis.defineCommand('kippuRateLimit', { numberOfKeys: 1, lua: INCR_SCRIPT });
  return {
    name: 'redis',
    async incr(key, windowMs): Promise<WindowCount> {
      const [current, ttl] = await redis.kippuRateLimit(key, windowMs);
      return { current, ttl };
    },
    async close() {
      redis.disconnect();
    },
  };
}
