import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Benchmark } from '../shared/benchmark.ts';
import { withBenchDatabase, type BenchDatabase } from '../shared/bench-database.ts';
import { startCpuMeter } from '../shared/cpu-meter.ts';
import { percentile } from '../shared/percentile.ts';
import { prioritiseGenerator } from '../shared/generator-priority.ts';
import { startServers, stopServers } from '../shared/server-process.ts';
import { fixed, formatTable } from '../shared/table.ts';
import { BENCH_SLUG, createSlot, seedBenchProduct } from '../hot-slot/seed.ts';
import { checkSlot } from '../hot-slot/stock-check.ts';
import { onSaleConfig, type OnSaleConfig } from './config.ts';
import { createClient } from './http-client.ts';
import { summarise, type OnSaleSummary } from './summary.ts';
import { newVisitorRecord, visit, type VisitorRecord } from './visitor.ts';

/** The generator's own event-loop delay past which its figures are not the server's (printed as a `!`). */
const GENERATOR_LAG_LIMIT_MS = 50;

/**
 * The product on sale: one slot of `seats`, its waiting room switched on as an operator would. A free
 * ticket (the demo's DEMO `freePreview` is one): visitors buy what they hold through the checkout without
 * a gateway, whose work would otherwise run on the servers' own cores (the simulator is in-process).
 */
async function seedSale(database: BenchDatabase, config: OnSaleConfig) {
  const product = await seedBenchProduct(database.pool, { price: 0 });
  const spanId = await createSlot(database.pool, product.id, config.seats);
  await database.pool.query(
    `UPDATE products SET waiting_room_enabled = true, waiting_room_opens_at = NULL,
       waiting_room_admit_per_minute = $2 WHERE id = $1`,
    [product.id, config.admitPerMinute ?? null],
  );
  return { product, spanId };
}

/** The queue is in force on every server before anyone arrives (each process reads the switch each second). */
async function waitUntilInForce(baseUrls: readonly string[], productId: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (const baseUrl of baseUrls) {
    for (;;) {
      const response = await fetch(
        `${baseUrl}/${BENCH_SLUG}/api/v1/waiting-room/status?product_id=${productId}`,
        { headers: { cookie: 'XSRF-TOKEN=bench' } },
      );
      const text = await response.text();
      if (response.status === 200 && (JSON.parse(text) as { active: boolean }).active) break;
      if (response.status !== 200)
        throw new Error(`GET waiting-room/status answered ${response.status} ${text.slice(0, 200)}`);
      if (Date.now() > deadline) throw new Error(`the waiting room is not in force on ${baseUrl} after 15 s`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** Each visitor's place as PostgreSQL gave it: its position and when its join's statement ran. */
interface Place {
  position: number;
  joinedAt: number;
  /** When its server process read the join (ADR 095 addendum: the admission order). */
  arrivedAt: number;
}

async function placesOf(database: BenchDatabase, records: readonly VisitorRecord[]) {
  const ids = records.flatMap((r) => (r.entryId ? [r.entryId] : []));
  const { rows } = await database.pool.query<{
    id: string;
    position: string;
    joined: string;
    arrived: string;
  }>(
    `SELECT id::text, position::text, (extract(epoch FROM joined_at) * 1000)::text AS joined,
            (extract(epoch FROM arrived_at) * 1000)::text AS arrived
       FROM waiting_room_entries WHERE id = ANY($1::bigint[])`,
    [ids],
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      { position: Number(row.position), joinedAt: Number(row.joined), arrivedAt: Number(row.arrived) },
    ]),
  );
}

interface Run {
  records: VisitorRecord[];
  places: Map<number, Place>;
  summary: OnSaleSummary;
  oversold: number;
  stock: { held: number; sold: number; capacity: number };
  lagMs: { p99: number; max: number };
  /** The load generator's nice value during the rush (the servers run at 0). */
  generatorNice: number;
  seconds: number;
  load: [number[], number[]];
  database: string;
  /** CPU the servers used during the run (user + system), and the bench database's transactions. */
  serverCpuMs: number;
  /** CPU the load generator (this process) used during the rush: it shares the cores with what it measures. */
  generatorCpuMs: number;
  /** CPU PostgreSQL used during the run, when it runs on this machine (database-cpu.ts). */
  databaseCpuMs: number | undefined;
  /** The bench database's transactions before the measured rush (after the warm-up). */
  transactionsBefore: number;
  transactions?: number;
}

/** The servers and the client one run shares between its warm-up and its measured rush. */
interface Crowd {
  client: ReturnType<typeof createClient>;
  baseUrls: readonly string[];
  nextServer: () => string;
  database: BenchDatabase;
  requestStart: boolean;
}

/**
 * `visitors` arriving evenly over `arrivalSeconds` for one product's sale: each visits as visitor.ts does.
 * Answers every visitor's record once all have finished or given up.
 */
async function rush(
  crowd: Crowd,
  sale: Awaited<ReturnType<typeof seedSale>>,
  shape: Pick<OnSaleConfig, 'visitors' | 'arrivalSeconds' | 'timeoutSeconds'>,
  identityOffset = 0,
): Promise<VisitorRecord[]> {
  const started = Date.now();
  const deadline = started + (shape.arrivalSeconds + shape.timeoutSeconds) * 1000;
  const spacingMs = (shape.arrivalSeconds * 1000) / shape.visitors;
  // The visitor reads the confirmation mail the server queued (what /dev/mails shows), for its link.
  const mailTokenOf = async (orderToken: string) => {
    const { rows } = await crowd.database.pool.query<{ token: string }>(
      `SELECT m.token FROM mail_tokens m JOIN orders o ON o.id = m.order_id
        WHERE o.order_token = $1 ORDER BY m.created_at DESC LIMIT 1`,
      [orderToken],
    );
    return rows[0]?.token;
  };
  const context = {
    client: crowd.client,
    baseUrls: crowd.baseUrls,
    product: sale.product,
    spanId: sale.spanId,
    deadline,
    nextServer: crowd.nextServer,
    mailTokenOf,
    requestStart: crowd.requestStart,
    identityOffset,
  };
  // Visitor i arrives i × spacing after the start (5,000 in 10 s: one every 2 ms).
  const visits = Array.from(
    { length: shape.visitors },
    (_, i) =>
      new Promise<VisitorRecord>((resolve) => {
        setTimeout(() => {
          visit(i, context).then(resolve, (error: unknown) =>
            resolve({ ...newVisitorRecord(i), problems: [`error ${(error as Error).message}`] }),
          );
        }, i * spacingMs);
      }),
  );
  return Promise.all(visits);
}

/**
 * The warm-up: a smaller sale of another product through its own waiting room, so every step of the flow
 * (join, long poll, hold, purchase, sold out) has run, been compiled by V8 and opened its pools' connections
 * before the measured rush, as on a server that has been up before a sale opens at ten (hot-slot and overload
 * warm up too). Its waiting room is switched off after it, so only the measured sale's queue is in force.
 * It sells as many seats as the rush (200): the hold and the purchase, the requests the p99 measures, then
 * run as often before the rush as a venue's server has run them selling a morning's tickets; with 30 they
 * were still unoptimised through the rush's first seconds (ADR 120).
 */
const WARM_UP = { visitors: 600, arrivalSeconds: 3, seats: 200, timeoutSeconds: 20 };

async function warmUp(crowd: Crowd, config: OnSaleConfig): Promise<void> {
  const sale = await seedSale(crowd.database, { ...config, seats: WARM_UP.seats });
  await waitUntilInForce(crowd.baseUrls, sale.product.id);
  // Other people than the measured visitors (addresses and e-mails from 1,000,000 on): no shared counters.
  await rush(crowd, sale, WARM_UP, 1_000_000);
  await crowd.database.pool.query(`UPDATE products SET waiting_room_enabled = false WHERE id = $1`, [
    sale.product.id,
  ]);
  // Its mails sent, its queue ended, and every server connection's transaction counts flushed to the
  // statistics (PostgreSQL 15 flushes an idle backend's within 10 s) before the measured sale starts.
  await new Promise((resolve) => setTimeout(resolve, 11_000));
}

async function run(config: OnSaleConfig, database: BenchDatabase): Promise<Run> {
  // The waiting room as production runs it, automatic engagement included (the bench's servers have it off).
  const servers = await startServers(database.url, config.processes, {
    // The bench's visitors stamp X-Request-Start as an overwriting balancer does: the servers believe it only then.
    env: { WAITING_ROOM_AUTOMATIC: 'on', ...(config.requestStart ? { TRUST_REQUEST_START: 'true' } : {}) },
  });
  const client = createClient();
  try {
    const baseUrls = servers.map((s) => s.baseUrl);
    let turn = 0;
    const crowd: Crowd = {
      client,
      baseUrls,
      nextServer: () => baseUrls[turn++ % baseUrls.length]!,
      database,
      requestStart: config.requestStart,
    };
    await warmUp(crowd, config);
    const sale = await seedSale(database, config);
    const { spanId } = sale;
    await waitUntilInForce(baseUrls, sale.product.id);
    const generator = prioritiseGenerator(config.generatorNice);
    // The generator must not be the bottleneck: its own event-loop delay is measured all along.
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const loadBefore = os.loadavg();
    const transactionsBefore = await transactionsOf(database);
    const cpu = await startCpuMeter(servers, database);
    const started = Date.now();
    const records = await rush(crowd, sale, config);
    const seconds = (Date.now() - started) / 1000;
    const spent = cpu();
    const serverCpuMs = spent.serversMs.reduce<number>((sum, ms) => sum + (ms ?? 0), 0);
    lag.disable();
    generator.restore();
    const loadAfter = os.loadavg();
    const stock = await checkSlot(database.pool, spanId);
    // The last seat: when the last order on the slot was bought (reserved), by the database's clock (the
    // same machine's). Held seats may come back; sold ones do not (ADR 095).
    const { rows } = await database.pool.query<{ last: string | null }>(
      `SELECT (extract(epoch FROM max(e.created_at)) * 1000)::text AS last
         FROM order_events e JOIN orders o ON o.id = e.order_id
        WHERE o.time_span_id = $1 AND e.to_status = 'reserved'`,
      [spanId],
    );
    const lastSeatAt = rows[0]?.last ? Number(rows[0].last) : undefined;
    const soldOutAll = stock.sold >= stock.capacity;
    const places = await placesOf(database, records);
    return {
      records,
      summary: summarise(records, config.seats, soldOutAll ? lastSeatAt : undefined),
      places,
      oversold: stock.oversold,
      stock,
      lagMs: { p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 },
      generatorNice: generator.nice,
      seconds,
      load: [loadBefore, loadAfter],
      serverCpuMs,
      generatorCpuMs: spent.generatorMs,
      databaseCpuMs: spent.databaseMs,
      transactionsBefore,
      database: `PostgreSQL ${database.serverVersion} (${database.source})`,
    };
  } finally {
    client.close();
    await stopServers(servers);
  }
}

/**
 * The bench database's committed and rolled-back transactions since it was created (each autocommitted
 * statement is one): what the run cost PostgreSQL in round trips, which other work on the machine does not
 * change (read once the servers stopped, so their connections flushed their counts).
 */
async function transactionsOf(database: BenchDatabase): Promise<number> {
  const { rows } = await database.pool.query<{ n: string }>(
    `SELECT (xact_commit + xact_rollback)::text AS n FROM pg_stat_database WHERE datname = current_database()`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Where arrival order was lost (ADR 095 addendum): of the first `seats` arrivals, how many were placed in
 * the queue's order (the server's arrival, then the position: what the step admits by) after the first
 * `seats`, and, per server, for the first 2 × `seats` arrivals, the time from a visitor's arrival to its
 * server reading the join (the admission order) and to PostgreSQL running it (which draws the position).
 */
function printOrder(config: OnSaleConfig, result: Run): void {
  const placed = result.records.filter((r) => r.entryId && result.places.has(r.entryId));
  const placeOf = (r: VisitorRecord) => result.places.get(r.entryId!)!;
  const byPosition = [...placed].sort(
    (a, b) => placeOf(a).arrivedAt - placeOf(b).arrivedAt || placeOf(a).position - placeOf(b).position,
  );
  const rank = new Map(byPosition.map((r, i) => [r.index, i]));
  const byArrival = [...placed].sort((a, b) => a.arrivedAt - b.arrivedAt || a.index - b.index);
  const first = byArrival.slice(0, config.seats);
  const displaced = first.filter((r) => (rank.get(r.index) ?? Infinity) >= config.seats);
  const servers = [...new Set(placed.map((r) => r.joinServer ?? '?'))].sort();
  const lines = servers.map((server) => {
    const early = byArrival.slice(0, 2 * config.seats).filter((r) => r.joinServer === server);
    const lag = early.map((r) => placeOf(r).joinedAt - r.arrivedAt);
    const read = early.map((r) => placeOf(r).arrivedAt - r.arrivedAt);
    return (
      `${server.replace(/^http:\/\/127\.0\.0\.1:/, ':')} ${displaced.filter((r) => r.joinServer === server).length} displaced, ` +
      `arrival to read p50 ${fixed(percentile(read, 50), 0)} ms p99 ${fixed(percentile(read, 99), 0)} ms, ` +
      `to position p50 ${fixed(percentile(lag, 50), 0)} ms p99 ${fixed(percentile(lag, 99), 0)} ms`
    );
  });
  console.log(
    `  order: ${displaced.length} of the first ${config.seats} arrivals placed after the first ${config.seats}; ` +
      lines.join('; '),
  );
}

/**
 * The admitted visitors' requests by the second they were sent in, after the first arrival (ADR 133): a p99
 * is made by a few slow seconds, and the line shows which (a rush's first seconds, its joins' storm).
 */
function printBySecond(records: readonly VisitorRecord[]): void {
  const start = Math.min(...records.map((r) => r.arrivedAt));
  const bySecond = new Map<number, number[]>();
  for (const call of records.flatMap((r) => r.admittedCalls)) {
    const second = Math.floor((call.sentAt - start) / 1000);
    bySecond.set(second, [...(bySecond.get(second) ?? []), call.ms]);
  }
  const seconds = [...bySecond.keys()].sort((a, b) => a - b);
  console.log(
    `  admitted requests by second sent (s: count p90 ms): ${seconds
      .map((second) => {
        const values = bySecond.get(second)!;
        return `${second}: ${values.length} ${fixed(percentile(values, 90), 0)}`;
      })
      .join(', ')}`,
  );
}

function report(config: OnSaleConfig, result: Run): void {
  const { summary, records } = result;
  const loadText = (load: number[]) => load.map((n) => n.toFixed(1)).join(' ');
  console.log(
    `\n${config.visitors} visitors arriving over ${config.arrivalSeconds} s for ${config.seats} seats, ` +
      `${config.processes} server process(es), admission ${config.admitPerMinute ? `${config.admitPerMinute}/min` : 'automatic'}, ` +
      `arrival ${config.requestStart ? 'stamped by the balancer (X-Request-Start)' : 'as each server read the join'}; ` +
      `${result.database}; ${os.cpus().length} CPUs, node ${process.version}; load average ${loadText(result.load[0])} ` +
      `at the start, ${loadText(result.load[1])} at the end; ${fixed(result.seconds, 1)} s in all\n`,
  );
  const ms = (values: number[], p: number) => fixed(percentile(values, p), 0);
  // The admitted visitors' requests: their holds and the purchase after it (form, mail, link, checkout).
  const payMs = Object.values(summary.stepMs).flat();
  const admittedMs = [...summary.holdMs, ...payMs];
  console.log(
    formatTable(
      ['requests', 'count', 'p50 ms', 'p99 ms', 'max ms'],
      [
        [
          'joins',
          String(summary.joinMs.length),
          ms(summary.joinMs, 50),
          ms(summary.joinMs, 99),
          ms(summary.joinMs, 100),
        ],
        [
          'holds (admitted)',
          String(summary.holdMs.length),
          ms(summary.holdMs, 50),
          ms(summary.holdMs, 99),
          ms(summary.holdMs, 100),
        ],
        ['purchase (admitted)', String(payMs.length), ms(payMs, 50), ms(payMs, 99), ms(payMs, 100)],
        [
          'all admitted',
          String(admittedMs.length),
          ms(admittedMs, 50),
          ms(admittedMs, 99),
          ms(admittedMs, 100),
        ],
        [
          'sold-out notices',
          String(summary.noticeMs.length),
          ms(summary.noticeMs, 50),
          ms(summary.noticeMs, 99),
          ms(summary.noticeMs, 100),
        ],
      ],
    ),
  );
  console.log(
    `  purchase by step, p50 / p99 ms: ${Object.entries(summary.stepMs)
      .map(([step, values]) => `${step} ${ms(values, 50)} / ${ms(values, 99)}`)
      .join(', ')}`,
  );
  console.log(
    `  visitors: ${summary.held} held a seat, ${summary.toldSoldOut} told sold out, ${summary.unfinished} unfinished ` +
      `(still waiting at the time-out or stopped by an unexpected answer); ${summary.admitted} admitted; ` +
      `${summary.polls} long polls; refusals waited out ${JSON.stringify(summary.refused)}`,
  );
  console.log(
    `  slot: capacity ${result.stock.capacity}, held ${result.stock.held}, sold ${result.stock.sold}; ` +
      `seats to the first ${config.seats} arrivals: ${summary.heldByFirst}; ` +
      `first seat ${fixed(summary.firstSeatS ?? Number.NaN, 1)} s, last seat ${fixed(summary.lastSeatS ?? Number.NaN, 1)} s after the first arrival`,
  );
  console.log(`  ${summary.paid} bought their seat`);
  printBySecond(records);
  printOrder(config, result);
  console.log(
    `  cost: server CPU ${fixed(result.serverCpuMs / config.visitors, 2)} ms per visitor ` +
      `(${fixed(result.serverCpuMs / 1000, 1)} s in all), ` +
      (result.databaseCpuMs === undefined
        ? ''
        : `PostgreSQL CPU (the whole server, its other databases included) ${fixed(result.databaseCpuMs / config.visitors, 2)} ms per visitor ` +
          `(${fixed(result.databaseCpuMs / 1000, 1)} s in all), `) +
      `${fixed((result.transactions ?? 0) / config.visitors, 2)} database transactions per visitor ` +
      `(${result.transactions ?? '-'} in all; the bench's own reads included)`,
  );
  console.log(
    `  load generator: event-loop delay p99 ${fixed(result.lagMs.p99, 0)} ms, max ${fixed(result.lagMs.max, 0)} ms, nice ${result.generatorNice}, ` +
      `CPU ${fixed(result.generatorCpuMs / 1000, 1)} s`,
  );
  const problems = Object.entries(summary.problems).sort((a, b) => b[1] - a[1]);
  for (const [kind, count] of problems.slice(0, 10)) console.log(`! ${count} x ${kind}`);
  if (result.lagMs.p99 > GENERATOR_LAG_LIMIT_MS)
    console.log(
      `! the load generator lagged (p99 ${fixed(result.lagMs.p99, 0)} ms): latencies include its own delay`,
    );
  if (summary.lastSeatS === undefined)
    console.log('! the slot did not sell out: no sold-out notice to measure');
  const heldAnswers = records.filter((r) => r.held).length;
  if (heldAnswers !== result.stock.held + result.stock.sold)
    console.log(
      `! ${heldAnswers} holds answered 201 but the slot counts ${result.stock.held + result.stock.sold}`,
    );
  const oversold = Math.max(result.oversold, heldAnswers - config.seats, 0);
  if (oversold > 0) process.exitCode = 1;
  console.log(
    `on-sale: oversold ${oversold} fairness ${fixed(summary.fairness, 2)} p99_ms ${fixed(percentile(admittedMs, 99), 0)} ` +
      `sold_out_notice_ms ${fixed(percentile(summary.noticeMs, 99), 0)}`,
  );
}

export const onSale: Benchmark = {
  name: 'on-sale',
  description:
    '5,000 visitors in 10 s for 200 seats through the waiting room on 2 processes: oversold, fairness, p99',
  async run(args) {
    const config = onSaleConfig(args);
    const result = await withBenchDatabase(async (database) => {
      const done = await run(config, database);
      return { ...done, transactions: (await transactionsOf(database)) - done.transactionsBefore };
    });
    report(config, result);
  },
};
