import os from 'node:os';
import type pg from 'pg';
import { ROLE_TEMPLATES } from '@kippu/contract';
import { hashPassword } from '../../../apps/server/src/domain/staff/password-hash.ts';
import { option, positiveInt } from '../shared/args.ts';
import type { Benchmark } from '../shared/benchmark.ts';
import { withBenchDatabase } from '../shared/bench-database.ts';
import { percentile } from '../shared/percentile.ts';
import { startServer } from '../shared/server-process.ts';
import { fixed, formatTable } from '../shared/table.ts';
import { BENCH_SITE, seedBenchProduct } from '../hot-slot/seed.ts';

const PASSWORD = 'bench heatmap passphrase 2026';
const EMAIL = 'planner@bench.kippu.test';
/** The figure: the heatmap's data call for 60 days × 20 slots, p99 under 100 ms. */
const TARGET_P99_MS = 100;

interface HeatmapConfig {
  days: number;
  slotsPerDay: number;
  /** Requests measured per row (after `warmup`). */
  requests: number;
  warmup: number;
  /** Days of slots beyond the range (and of a second product) that the call must not read. */
  noiseDays: number;
}

function configOf(args: string[]): HeatmapConfig {
  const int = (name: string, fallback: number) => {
    const value = option(args, name);
    return value === undefined ? fallback : positiveInt(value, name);
  };
  return {
    days: int('days', 60),
    slotsPerDay: int('slots', 20),
    requests: int('requests', 500),
    warmup: int('warmup', 50),
    noiseDays: int('noise-days', 300),
  };
}

const dateOf = (offsetDays: number) =>
  new Date(Date.now() + 9 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

/**
 * The product's slots from tomorrow (Tokyo): `days` × `slotsPerDay` every 30 minutes from 09:00, with sold
 * and held spread over the capacity as a selling venue has them, then `noiseDays` more days after the range.
 * A second product of the site gets the same, so a call for one product reads past another's rows.
 */
async function seedSlots(pool: pg.Pool, productId: number, config: HeatmapConfig): Promise<void> {
  await pool.query(
    `INSERT INTO time_spans (product_id, starts_at, ends_at, capacity, held, sold, on_sale)
     SELECT $1, s, s + interval '30 minutes', 100, (d + n) % 7, (d * 7 + n * 13) % 90, (d + n) % 11 <> 0
     FROM generate_series(1, $2::int + $3::int) AS d, generate_series(0, $4::int - 1) AS n,
          LATERAL (SELECT ((now() AT TIME ZONE 'Asia/Tokyo')::date + d + time '09:00' + n * interval '30 minutes')
                          AT TIME ZONE 'Asia/Tokyo' AS s) x`,
    [productId, config.days, config.noiseDays, config.slotsPerDay],
  );
}

/** A planner of the default organisation (every site), signed in: the session cookie. */
async function plannerSession(pool: pg.Pool, baseUrl: string): Promise<string> {
  const planner = ROLE_TEMPLATES.planner;
  const role = await pool.query<{ id: string }>(
    `INSERT INTO staff_roles (organisation_id, template_key, name, permissions, limits, require_second_factor)
     VALUES (default_organisation_id(), 'planner', 'Planner', $1, $2, false) RETURNING id`,
    [JSON.stringify(planner.permissions), JSON.stringify(planner.limits)],
  );
  const staff = await pool.query<{ id: string }>(
    `INSERT INTO staff (email, name, lang, password_hash) VALUES ($1, 'Bench planner', 'en', $2) RETURNING id`,
    [EMAIL, await hashPassword(PASSWORD)],
  );
  await pool.query(
    `INSERT INTO staff_memberships (staff_id, organisation_id, role_id, all_sites)
     VALUES ($1, default_organisation_id(), $2, true)`,
    [staff.rows[0]!.id, role.rows[0]!.id],
  );
  const response = await fetch(`${baseUrl}/console/api/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (response.status !== 200)
    throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.includes('kippu_console='));
  if (!cookie) throw new Error('sign-in set no session cookie');
  return cookie.split(';')[0]!;
}

interface Run {
  latenciesMs: number[];
  slots: number;
  failures: number;
  /** Answers other than 200 by status. */
  other: Record<string, number>;
}

async function measure(
  url: string,
  headers: Record<string, string>,
  count: number,
  concurrency: number,
): Promise<Run> {
  const latenciesMs: number[] = [];
  let slots = 0;
  let failures = 0;
  const other: Record<string, number> = {};
  let next = 0;
  const loop = async () => {
    while (next < count) {
      next += 1;
      const began = performance.now();
      const response = await fetch(url, { headers });
      const body = (await response.json()) as { slots?: unknown[] };
      const took = performance.now() - began;
      if (response.status !== 200) {
        // A refusal (the overload guard's fast 503) is counted, not timed: it would flatter the percentiles.
        failures += 1;
        other[response.status] = (other[response.status] ?? 0) + 1;
      } else {
        latenciesMs.push(took);
        slots = body.slots?.length ?? 0;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  return { latenciesMs, slots, failures, other };
}

export const consoleHeatmap: Benchmark = {
  name: 'console-heatmap',
  description:
    "the console's capacity heatmap call (GET /console/api/v1/sites/:site/slots) for 60 days × 20 slots",
  async run(args) {
    const config = configOf(args);
    await withBenchDatabase(async (database) => {
      const product = await seedBenchProduct(database.pool);
      const other = await seedBenchProduct(database.pool);
      await seedSlots(database.pool, product.id, config);
      await seedSlots(database.pool, other.id, config);
      await database.pool.query('ANALYZE time_spans');
      const server = await startServer(database.url);
      try {
        const cookie = await plannerSession(database.pool, server.baseUrl);
        const headers = { cookie, origin: server.baseUrl };
        const range = `from=${dateOf(1)}&to=${dateOf(config.days)}`;
        const url = `${server.baseUrl}/console/api/v1/sites/${BENCH_SITE}/slots?${range}&product=${product.uuid}`;
        await measure(url, headers, config.warmup, 1);
        const rows: [string, Run][] = [];
        // The floor on this machine now: a signed-in console read that does almost nothing (one day's holidays).
        const floor = `${server.baseUrl}/console/api/v1/schedule/holidays?from=${dateOf(1)}&to=${dateOf(1)}`;
        await measure(floor, headers, config.warmup, 1);
        rows.push([
          'baseline: holidays of one day, 1 at a time',
          await measure(floor, headers, config.requests, 1),
        ]);
        rows.push(['one product, 1 at a time', await measure(url, headers, config.requests, 1)]);
        rows.push(['one product, 4 at a time', await measure(url, headers, config.requests, 4)]);
        const siteUrl = `${server.baseUrl}/console/api/v1/sites/${BENCH_SITE}/slots?${range}`;
        rows.push([
          'whole site (2 products), 1 at a time',
          await measure(siteUrl, headers, config.requests, 1),
        ]);
        console.log(
          `\n${config.days} days × ${config.slotsPerDay} slots per product, ${config.noiseDays} more days after the range; ` +
            `PostgreSQL ${database.serverVersion} (${database.source}); ${os.cpus().length} CPUs, node ${process.version}\n`,
        );
        console.log(
          formatTable(
            ['call', 'answered', 'slots', 'p50 ms', 'p99 ms', 'max ms', 'refused'],
            rows.map(([label, run]) => [
              label,
              String(run.latenciesMs.length),
              String(run.slots),
              fixed(percentile(run.latenciesMs, 50), 1),
              fixed(percentile(run.latenciesMs, 99), 1),
              fixed(Math.max(...run.latenciesMs), 1),
              run.failures === 0
                ? '0'
                : Object.entries(run.other)
                    .map(([status, n]) => `${status}×${n}`)
                    .join(' '),
            ]),
          ),
        );
        const first = rows[1]![1];
        const p99 = percentile(first.latenciesMs, 99);
        const expected = config.days * config.slotsPerDay;
        // The target is the one-product call, one at a time, every call answered; the other rows inform.
        const ok = p99 < TARGET_P99_MS && first.slots === expected && first.failures === 0;
        console.log(
          `\nconsole-heatmap: p99 ${fixed(p99, 1)} ms for ${first.slots} slots (target < ${TARGET_P99_MS} ms, ${expected} slots) ${ok ? 'OK' : 'FAILED'}`,
        );
        if (!ok) process.exitCode = 1;
      } finally {
        await server.stop();
      }
    });
  },
};
