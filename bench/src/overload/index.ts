import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type { Benchmark } from '../shared/benchmark.ts';
import { option, positiveInt } from '../shared/args.ts';
import { withBenchDatabase, type BenchDatabase } from '../shared/bench-database.ts';
import { startCpuMeter, type CpuSpent } from '../shared/cpu-meter.ts';
import { generatorNiceOption, prioritiseGenerator } from '../shared/generator-priority.ts';
import { percentile } from '../shared/percentile.ts';
import { startServers, stopServers, type ServerProcess } from '../shared/server-process.ts';
import { baselineSuffix, ratioBetween, shareOut } from '../shared/spread.ts';
import { fixed, formatTable } from '../shared/table.ts';
import { BENCH_SLUG, createSlot, seedBenchProduct, type BenchProduct } from '../hot-slot/seed.ts';
import { ORDER_HEADERS } from '../hot-slot/http-run.ts';
import { runOpenLoop, type OpenLoopRequest } from '../shared/open-loop.ts';
import { checkSlot } from '../hot-slot/stock-check.ts';

interface OverloadConfig {
  /** Multiple of the sustainable rate offered in the overload phase. */
  factor: number;
  /** Seconds of the overload phase. */
  durationSeconds: number;
  /** Seconds of the closed-loop run that measures the sustainable rate. */
  sustainSeconds: number;
  /** Connections of the closed-loop run. */
  sustainConnections: number;
  /** Slots that never sell out during the run: the sustainable phase's kind of work, all of it 2xx. */
  slots: number;
  capacity: number;
  /** Seats of one more slot in the round robin, sold out early: the oversell check under overload. */
  selloutCapacity: number;
  /** Server processes on the one database; connections and the offered rate are shared out among them. */
  processes: number;
  /** The load generator's nice value in the overload phase (shared/generator-priority.ts). */
  generatorNice: number;
  /**
   * `--open-loop-connections=N`: the overload phase as an open loop (shared/open-loop.ts) over at most N
   * connections, instead of autocannon's `overallRate`.
   */
  openLoopConnections: number | undefined;
}

function overloadConfig(args: string[]): OverloadConfig {
  const int = (name: string, fallback: number) => {
    const value = option(args, name);
    return value ? positiveInt(value, name) : fallback;
  };
  return {
    factor: int('factor', 4),
    durationSeconds: int('duration', 20),
    sustainSeconds: int('sustain-duration', 8),
    sustainConnections: int('sustain-connections', 16),
    slots: int('slots', 8),
    capacity: int('capacity', 1_000_000),
    selloutCapacity: int('sellout-capacity', 2000),
    processes: int('processes', 1),
    generatorNice: generatorNiceOption(args),
    openLoopConnections: option(args, 'open-loop-connections')
      ? positiveInt(option(args, 'open-loop-connections')!, 'open-loop-connections')
      : undefined,
  };
}

interface Phase {
  seconds: number;
  offered: number;
  /** Answered by the application: 2xx, and 409 out of stock (a hold refused for a sold-out slot). */
  accepted: number;
  /** The 2xx among them: the work the sustainable phase measured (its slot never sells out). */
  succeeded: number;
  /** 503 server busy (overload protection) and 429 answers. */
  shed: number;
  /** Any other status, socket errors and time-outs. */
  errors: number;
  acceptedLatencies: number[];
  /** The accepted answers' latencies by status: 200 the reads, 201 the holds, 409 the refused holds. */
  latenciesByStatus: Record<number, number[]>;
  statuses: Record<string, number>;
  holds: number;
  /** Connections used (the open loop opens them as it needs, up to its bound). */
  connections: number;
}

let visitors = 0;
const nextVisitor = () => {
  visitors += 1;
  return `10.${(visitors >> 16) & 255}.${(visitors >> 8) & 255}.${visitors & 255}`;
};

/**
 * One visitor's order path: the date's slots, one slot's stock, then a hold of one ticket on a slot (round
 * robin over the run's slots), each hold as another visitor behind the proxy. Its three steps, built when
 * each is sent: every closed-loop connection loops through them, and the open loop sends them in turn.
 */
function orderPath(product: BenchProduct, date: string, spanIds: number[]): (() => OpenLoopRequest)[] {
  let next = 0;
  const api = `/${BENCH_SLUG}/api/v1`;
  return [
    () => ({ method: 'GET', path: `${api}/products/stocks?date=${date}&product_id=${product.uuid}&lang=ja` }),
    () => ({
      method: 'GET',
      path: `${api}/products/orderable_stocks?product_time_span_id=${spanIds[next % spanIds.length]}`,
    }),
    () => ({
      method: 'POST',
      path: `${api}/orders`,
      headers: { ...ORDER_HEADERS, 'x-forwarded-for': nextVisitor() },
      body: JSON.stringify({
        lang: 'ja',
        product_uuid: product.uuid,
        time_span_id: spanIds[next++ % spanIds.length],
        quantity: 1,
        option_values: [{ option_value_id: product.optionValueId, quantity: 1 }],
        set_products: [],
      }),
    }),
  ];
}

/** The steps as autocannon requests: each connection loops through them, building each as it sends it. */
const autocannonRequests = (steps: (() => OpenLoopRequest)[]): autocannon.Request[] =>
  steps.map((step) => ({ setupRequest: (request) => ({ ...request, ...step() }) }));

function emptyPhase(seconds: number): Phase {
  return {
    seconds,
    offered: 0,
    accepted: 0,
    succeeded: 0,
    shed: 0,
    errors: 0,
    acceptedLatencies: [],
    latenciesByStatus: {},
    statuses: {},
    holds: 0,
    connections: 0,
  };
}

/** Counts one answer into `phase`. */
function countAnswer(phase: Phase, statusCode: number, latencyMs: number): void {
  phase.statuses[statusCode] = (phase.statuses[statusCode] ?? 0) + 1;
  if ((statusCode >= 200 && statusCode < 300) || statusCode === 409) {
    phase.accepted += 1;
    if (statusCode !== 409) phase.succeeded += 1;
    phase.acceptedLatencies.push(latencyMs);
    (phase.latenciesByStatus[statusCode] ??= []).push(latencyMs);
    if (statusCode === 201) phase.holds += 1;
  } else if (statusCode === 503 || statusCode === 429) phase.shed += 1;
  else phase.errors += 1;
}

/**
 * The overload phase against one server: `rate` requests a second arriving evenly, whatever the answers do
 * (shared/open-loop.ts, ADR 132), at most `connections` at once.
 */
async function driveOpenLoop(
  server: ServerProcess,
  steps: (() => OpenLoopRequest)[],
  input: { connections: number; seconds: number; rate: number },
  phase: Phase,
): Promise<void> {
  const result = await runOpenLoop({
    baseUrl: server.baseUrl,
    rate: input.rate,
    seconds: input.seconds,
    maxConnections: input.connections,
    timeoutMs: 10_000,
    headers: { cookie: 'XSRF-TOKEN=bench-xsrf-token' },
    next: (k) => steps[k % steps.length]!(),
    onAnswer: (status, latencyMs) => countAnswer(phase, status, latencyMs),
    onError: (kind) => {
      phase.errors += 1;
      phase.statuses[kind] = (phase.statuses[kind] ?? 0) + 1;
    },
  });
  phase.offered += result.offered;
  phase.connections += result.connections;
}

/**
 * One autocannon run against one server, counted into `phase`: a closed loop, or with `rate` autocannon's
 * `overallRate` (a budget per connection and second).
 */
async function driveAutocannon(
  server: ServerProcess,
  requests: autocannon.Request[],
  input: { connections: number; seconds: number; rate?: number },
  phase: Phase,
): Promise<void> {
  let instance!: autocannon.Instance;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: server.baseUrl,
        headers: { cookie: 'XSRF-TOKEN=bench-xsrf-token' },
        requests,
        connections: input.connections,
        pipelining: 1,
        duration: input.seconds,
        timeout: 10,
        ...(input.rate ? { overallRate: input.rate } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) =>
    countAnswer(phase, statusCode, responseTime),
  );
  const result = await finished;
  phase.errors += result.errors;
  if (result.errors > 0)
    phase.statuses['socket errors/time-outs'] =
      (phase.statuses['socket errors/time-outs'] ?? 0) + result.errors;
  phase.offered += result.requests.sent;
}

/**
 * Every server at once, each with its share of the connections and, for an open loop (`rate`), of the
 * offered rate (as a balancer would share them), counted into one phase. `steps` is built per server: its
 * round robin is its own. Without `rate` a closed loop: each connection sends its next request on an answer.
 */
async function drive(
  servers: ServerProcess[],
  steps: () => (() => OpenLoopRequest)[],
  input: { connections: number; seconds: number; rate?: number; openLoop?: boolean },
): Promise<Phase> {
  const phase = emptyPhase(input.seconds);
  const connections = shareOut(Math.max(input.connections, servers.length), servers.length);
  const rates = input.rate ? shareOut(input.rate, servers.length) : undefined;
  const started = performance.now();
  await Promise.all(
    servers.map((server, i) => {
      const each = { connections: connections[i]!, seconds: input.seconds };
      return rates && input.openLoop
        ? driveOpenLoop(server, steps(), { ...each, rate: rates[i]! }, phase)
        : driveAutocannon(
            server,
            autocannonRequests(steps()),
            { ...each, ...(rates ? { rate: rates[i]! } : {}) },
            phase,
          );
    }),
  );
  // An open loop's last answers come after its last arrival: its rates are over the time they all took.
  if (rates && input.openLoop) phase.seconds = Math.max(input.seconds, (performance.now() - started) / 1000);
  return phase;
}

const STATUS_NAMES: Record<string, string> = { '200': 'reads', '201': 'holds', '409': 'holds refused' };

/** Who used the two cores since the meter started, in % of one core: the generator, each server, PostgreSQL. */
function cpuPercentOf(spent: CpuSpent) {
  const share = (ms: number) => fixed((ms / spent.elapsedMs) * 100, 0);
  return {
    generator: share(spent.generatorMs),
    servers: spent.serversMs.map((ms) => share(ms ?? 0)),
    database: spent.databaseMs === undefined ? undefined : share(spent.databaseMs),
  };
}

const perSecond = (phase: Phase, count: number) => count / phase.seconds;
const mb = (bytes: number | undefined) =>
  bytes === undefined ? 'n/a' : `${fixed(bytes / 1024 / 1024, 0)} MB`;

async function run(config: OverloadConfig, database: BenchDatabase): Promise<void> {
  const product = await seedBenchProduct(database.pool);
  const spanIds: number[] = [];
  for (let i = 0; i < config.slots; i += 1)
    spanIds.push(await createSlot(database.pool, product.id, config.capacity));
  spanIds.push(await createSlot(database.pool, product.id, config.selloutCapacity));
  const { rows } = await database.pool.query<{ date: string }>(
    `SELECT to_char(starts_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD') AS date FROM time_spans WHERE id = $1`,
    [spanIds[0]],
  );
  const date = rows[0]!.date;
  const servers = await startServers(database.url, config.processes);
  try {
    // Warm-up on a throwaway slot: JIT, pools, caches.
    const warmSlot = await createSlot(database.pool, product.id, 1_000_000);
    await drive(servers, () => orderPath(product, date, [warmSlot]), {
      connections: 8 * servers.length,
      seconds: 2,
    });
    // The closed-loop baseline before the overload phase and again after it (ADR 098): goodput is the
    // overload phase's 2xx rate over their mean.
    const sustain = async (label: string) => {
      const throwaway = await createSlot(database.pool, product.id, 1_000_000);
      const phase = await drive(servers, () => orderPath(product, date, [throwaway]), {
        connections: config.sustainConnections,
        seconds: config.sustainSeconds,
      });
      console.log(
        `  sustainable ${label}: ${fixed(perSecond(phase, phase.succeeded), 0)} req/s answered 2xx (closed loop, ` +
          `${config.sustainConnections} connections, p99 ${fixed(percentile(phase.acceptedLatencies, 99), 0)} ms, shed ${phase.shed})`,
      );
      return phase;
    };
    const sustainedBefore = await sustain('before');
    const sustainableBefore = perSecond(sustainedBefore, sustainedBefore.succeeded);
    const rate = Math.round(sustainableBefore * config.factor);
    // autocannon: enough connections to offer the rate even while answers take a quarter of a second. The
    // open loop: at most the bound asked for (past it, requests wait for a connection, and the wait is in
    // their latency).
    const connections = config.openLoopConnections
      ? Math.min(config.openLoopConnections, rate)
      : Math.min(1000, Math.max(64, Math.ceil(rate * 0.25)));
    const loadBefore = os.loadavg();
    // The load generator shares the cores: its own event-loop delay is in every latency it measures (on two
    // cores its p99 was 100–150 ms of the overload phase's p99 of 450–560 ms at the servers' priority), so
    // it runs above them (generator-priority.ts) and the last line shows its delay.
    const generatorLag = monitorEventLoopDelay({ resolution: 10 });
    const generator = prioritiseGenerator(config.generatorNice);
    generatorLag.enable();
    const cpu = await startCpuMeter(servers, database);
    const overload = await drive(servers, () => orderPath(product, date, spanIds), {
      connections,
      seconds: config.durationSeconds,
      rate,
      openLoop: config.openLoopConnections !== undefined,
    });
    const cpuPercent = cpuPercentOf(cpu());
    generatorLag.disable();
    generator.restore();
    const generatorLagP99 = generatorLag.percentile(99) / 1e6;
    const rss = servers.map((server) => server.rssBytes());
    const sustainedAfter = await sustain('after');
    const sustainableAfter = perSecond(sustainedAfter, sustainedAfter.succeeded);
    const loadAfter = os.loadavg();
    let oversold = 0;
    let held = 0;
    for (const spanId of spanIds) {
      const stock = await checkSlot(database.pool, spanId);
      oversold += stock.oversold;
      held += stock.held;
    }
    // Like for like: the sustainable phase's answers are all 2xx; a cheap 409 on the sold-out slot is no goodput.
    const { ratio, spread } = ratioBetween(
      perSecond(overload, overload.succeeded),
      sustainableBefore,
      sustainableAfter,
    );
    const goodput = ratio * 100;
    const p99 = percentile(overload.acceptedLatencies, 99);
    const loadText = (load: number[]) => load.map((n) => n.toFixed(1)).join(' ');
    console.log(
      `\n${config.factor}x the sustainable rate (${rate} req/s offered ` +
        (config.openLoopConnections
          ? `in an open loop, evenly spaced, over at most ${connections} connections: ${overload.connections} used`
          : `by autocannon's overallRate over ${connections} connections`) +
        `) for ` +
        `${config.durationSeconds} s on ${config.processes} server process(es); ${config.slots} slots x ${config.capacity} seats and one of ${config.selloutCapacity}; ` +
        `sustainable rate measured before and after; PostgreSQL ${database.serverVersion}; ${os.cpus().length} CPUs, node ${process.version}, ` +
        `load average ${loadText(loadBefore)} before the overload phase, ${loadText(loadAfter)} at the end\n`,
    );
    const row = (label: string, phase: Phase) => [
      label,
      fixed(perSecond(phase, phase.offered), 0),
      fixed(perSecond(phase, phase.accepted), 0),
      fixed(perSecond(phase, phase.succeeded), 0),
      fixed(perSecond(phase, phase.shed), 0),
      String(phase.errors),
      fixed(percentile(phase.acceptedLatencies, 50), 0),
      fixed(percentile(phase.acceptedLatencies, 99), 0),
      String(phase.holds),
    ];
    console.log(
      formatTable(
        ['phase', 'sent/s', 'accepted/s', '2xx/s', 'shed/s', 'errors', 'p50 ms', 'p99 ms', 'holds'],
        [
          row('sustainable before (closed loop)', sustainedBefore),
          row(`overload (${config.factor}x)`, overload),
          row('sustainable after (closed loop)', sustainedAfter),
        ],
      ),
    );
    console.log(`  statuses under overload: ${JSON.stringify(overload.statuses)}`);
    for (const [status, latencies] of Object.entries(overload.latenciesByStatus))
      console.log(
        `  ${status} (${STATUS_NAMES[status] ?? 'other'}): p50 ${fixed(percentile(latencies, 50), 0)} ms, p90 ${fixed(percentile(latencies, 90), 0)} ms, p99 ${fixed(percentile(latencies, 99), 0)} ms`,
      );
    console.log(
      `  CPU under overload, % of one core: load generator ${cpuPercent.generator} (nice ${generator.nice}), servers ${cpuPercent.servers.join(' + ')}, PostgreSQL ${cpuPercent.database ?? 'n/a'}`,
    );
    console.log(`  seats held on the run's slots: ${held} (holds answered 201: ${overload.holds})`);
    console.log(`  server RSS after the overload phase: ${rss.map(mb).join(', ')}`);
    console.log(
      `  the load generator's own event-loop delay under overload: p99 ${fixed(generatorLagP99, 0)} ms (part of every latency above)`,
    );
    if (oversold > 0) {
      console.log(`! OVERSOLD by ${oversold}`);
      process.exitCode = 1;
    }
    // Eight of the nine slots never sell out, so holds must succeed in every phase and a 409 can only come
    // from the small slot: more 409s than 201s means orders were refused for another reason than stock
    // (e.g. `waiting room required`), and the goodput would count only the reads.
    for (const [label, phase] of [
      ['sustainable before', sustainedBefore],
      ['overload', overload],
      ['sustainable after', sustainedAfter],
    ] as const) {
      const refused = phase.statuses[409] ?? 0;
      if (phase.holds === 0 || refused > phase.holds) {
        console.log(
          `! ${label}: ${phase.holds} holds answered 201 and ${refused} 409: orders refused for another reason than stock (a waiting room in force?)`,
        );
        process.exitCode = 1;
      }
    }
    // A hold whose answer came after its connection timed out or the run ended is held but not counted.
    if (held < overload.holds)
      console.log(`! ${overload.holds} holds answered 201 but only ${held} seats held`);
    const goodputSpread = `${fixed(spread.min * 100, 0)}–${fixed(spread.max * 100, 0)}%`;
    console.log(
      `overload: goodput ${fixed(goodput, 0)}% p99_ms ${fixed(p99, 0)} oversold ${oversold} processes ${config.processes} ` +
        `generator_lag_p99_ms ${fixed(generatorLagP99, 0)} goodput_spread ${goodputSpread} ${baselineSuffix('baseline_req_s', [sustainableBefore, sustainableAfter])}`,
    );
  } finally {
    await stopServers(servers);
  }
}

export const overload: Benchmark = {
  name: 'overload',
  description:
    'the order path (slots, stock, hold) at 4x the sustainable rate: goodput, p99, oversold; --processes=N',
  async run(args) {
    const config = overloadConfig(args);
    await withBenchDatabase((database) => run(config, database));
  },
};
