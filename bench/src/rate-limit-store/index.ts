import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { option, positiveInt } from '../shared/args.ts';
import type { Benchmark } from '../shared/benchmark.ts';
import { withBenchDatabase, type BenchDatabase } from '../shared/bench-database.ts';
import { startServer, stopServers, type ServerProcess } from '../shared/server-process.ts';
import { spreadOf } from '../shared/spread.ts';
import { fixed, formatTable } from '../shared/table.ts';
import { runHttp, type HttpResult } from '../hot-slot/http-run.ts';
import { createSlot, seedBenchProduct, type BenchProduct } from '../hot-slot/seed.ts';

/**
 * What counting the per-client rate limit in a shared store costs on the hot path (ADR 093): POST /orders
 * as hot-slot sends it (a new visitor per order, a slot that sells out a third of the way), against
 *  - `process`: the per-process count ADR 015 had (the PostgreSQL server with its table renamed away: the
 *    store counts in the process, as it does while the shared store is down; one failing probe per 2 s);
 *  - `postgresql`: the default shared store, one upsert per call;
 *  - `redis`: a second server with REDIS_URL (TEST_REDIS_URL or redis://127.0.0.1:6379), when Redis answers.
 * Rounds alternate (process, postgresql, redis, process, ...) so a loaded machine moves all of them alike;
 * each variant's rate is given with its spread over the rounds.
 */
const TABLE = 'rate_limit_counters';
const AWAY = 'rate_limit_counters_bench_away';

async function redisAnswers(url: string): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

type Variant = 'process' | 'postgresql' | 'redis';

/**
 * The server process's CPU time so far in ms (utime + stime of /proc/<pid>/stat, 100 ticks a second):
 * CPU per order moves much less than the rate on a machine shared with other work.
 */
function cpuMsOf(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface RoundResult extends HttpResult {
  /** The server's CPU time per answered order, µs. */
  cpuUsPerOrder: number;
}

async function setTable(pool: pg.Pool, present: boolean): Promise<void> {
  const { rows } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_class WHERE relname = $1`,
    [TABLE],
  );
  const there = rows[0]!.n === 1;
  if (there === present) return;
  await pool.query(
    present ? `ALTER TABLE ${AWAY} RENAME TO ${TABLE}` : `ALTER TABLE ${TABLE} RENAME TO ${AWAY}`,
  );
  // The store tries the table again once per 2 s (STORE_RETRY_MS): let it see the change before measuring.
  await sleep(2500);
}

async function round(
  variant: Variant,
  servers: { postgres: ServerProcess; redis?: ServerProcess },
  database: BenchDatabase,
  product: BenchProduct,
  clients: number,
  total: number,
): Promise<RoundResult> {
  await setTable(database.pool, variant !== 'process');
  const server = variant === 'redis' ? servers.redis! : servers.postgres;
  // A few orders first, so the switch (and the store's probe) is behind us.
  const warm = await createSlot(database.pool, product.id, 50);
  await runHttp({ baseUrls: [server.baseUrl], product, spanId: warm, clients: 4, total: 100 });
  const spanId = await createSlot(database.pool, product.id, Math.ceil(total / 3));
  const cpuBefore = cpuMsOf(server.pid);
  const result = await runHttp({ baseUrls: [server.baseUrl], product, spanId, clients, total });
  const cpuUsPerOrder = ((cpuMsOf(server.pid) - cpuBefore) * 1000) / (result.ok + result.outOfStock);
  return { ...result, cpuUsPerOrder };
}

export const rateLimitStore: Benchmark = {
  name: 'rate-limit-store',
  description: 'POST /orders with the rate limit counted per process, in PostgreSQL and in Redis (ADR 093)',
  async run(args) {
    const rounds = positiveInt(option(args, 'rounds') ?? '3', 'rounds');
    const clients = positiveInt(option(args, 'clients') ?? '32', 'clients');
    const total = positiveInt(option(args, 'total') ?? '3000', 'total');
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    await withBenchDatabase(async (database) => {
      const product = await seedBenchProduct(database.pool);
      const postgres = await startServer(database.url);
      const redis = (await redisAnswers(redisUrl))
        ? await startServer(database.url, { env: { REDIS_URL: redisUrl } })
        : undefined;
      if (!redis) console.log(`  no Redis at ${redisUrl}: the redis variant is left out`);
      const servers = { postgres, ...(redis ? { redis } : {}) };
      const variants: Variant[] = redis ? ['process', 'postgresql', 'redis'] : ['process', 'postgresql'];
      const results = new Map<Variant, RoundResult[]>(variants.map((v) => [v, []]));
      try {
        // Round 0 warms every variant's code paths and pools; it is printed, not counted.
        for (let r = 0; r <= rounds; r++) {
          for (const variant of variants) {
            const result = await round(variant, servers, database, product, clients, total);
            if (r > 0) results.get(variant)!.push(result);
            const problems = result.other > 0 ? ` other: ${JSON.stringify(result.otherStatuses)}` : '';
            console.log(
              `  round ${r === 0 ? 'warm-up' : r} ${variant.padEnd(10)} ${fixed(result.reqPerSec, 0)} req/s p99 ${fixed(result.p99Ms, 0)} ms server CPU ${fixed(result.cpuUsPerOrder, 0)} µs/order${problems}`,
            );
          }
        }
      } finally {
        await setTable(database.pool, true).catch(() => undefined);
        await stopServers(redis ? [postgres, redis] : [postgres]);
      }
      const base = spreadOf(results.get('process')!.map((x) => x.reqPerSec));
      const rows = variants.map((variant) => {
        const rates = spreadOf(results.get(variant)!.map((x) => x.reqPerSec));
        const p99 = spreadOf(results.get(variant)!.map((x) => x.p99Ms));
        const cpu = spreadOf(results.get(variant)!.map((x) => x.cpuUsPerOrder));
        return [
          variant,
          `${fixed(rates.mean, 0)} (${fixed(rates.min, 0)}–${fixed(rates.max, 0)})`,
          `${fixed(p99.mean, 0)} (${fixed(p99.min, 0)}–${fixed(p99.max, 0)})`,
          `${fixed(cpu.mean, 0)} (${fixed(cpu.min, 0)}–${fixed(cpu.max, 0)})`,
          fixed(rates.mean / base.mean, 2),
        ];
      });
      console.log(
        formatTable(
          [
            'store',
            'req/s mean (min–max)',
            'p99 ms mean (min–max)',
            'server CPU µs/order',
            'rate vs process',
          ],
          rows,
        ),
      );
      const ratio = (v: Variant) => {
        const runs = results.get(v);
        return runs ? fixed(spreadOf(runs.map((x) => x.reqPerSec)).mean / base.mean, 2) : 'n/a';
      };
      const cpuOf = (v: Variant) => {
        const runs = results.get(v);
        return runs ? fixed(spreadOf(runs.map((x) => x.cpuUsPerOrder)).mean, 0) : 'n/a';
      };
      console.log(
        `rate-limit-store: rate vs process postgresql ${ratio('postgresql')} redis ${ratio('redis')}; server CPU µs/order process ${cpuOf('process')} postgresql ${cpuOf('postgresql')} redis ${cpuOf('redis')} (${rounds} rounds, ${clients} clients, ${total} orders each)`,
      );
    });
  },
};
