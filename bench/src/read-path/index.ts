import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import type { Benchmark } from '../shared/benchmark.ts';
import { withBenchDatabase } from '../shared/bench-database.ts';
import { startServers, stopServers, type ServerProcess } from '../shared/server-process.ts';
import {
  baselineSuffix,
  movedBy,
  range,
  ratioBetween,
  shareOut,
  spreadOf,
  type Spread,
} from '../shared/spread.ts';
import { fixed, formatTable } from '../shared/table.ts';
import { readPathConfig, type ReadPathConfig } from './config.ts';
import { startHelloWorld } from './hello-server.ts';
import { BROWSER_HEADERS, runLoad, type LoadResult } from './load-run.ts';
import { readPathTargets, type Target } from './targets.ts';

interface Row {
  target: Target;
  result: LoadResult;
  /** The target's req/s over the mean of the hello-world runs just before and just after it (ADR 098). */
  ratio: number;
  /** The ratio to each of those two baseline runs alone. */
  spread: Spread;
  /** Hello-world's CPU per request (mean of the same two runs) over the servers' CPU per request. */
  cpuRatio: number;
}

interface Measured {
  /** Every hello-world run, in order: one before the first target and one after each. */
  hello: LoadResult[];
  rows: Row[];
  /** Checked before load: a target that answers wrongly once would only show as a wall of errors. */
  preflightProblems: string[];
  database: string;
  /** The load average when the measuring began and when it ended (a shared machine's figures need it). */
  load: [number[], number[]];
}

/** Every server at once, each with its share of the connections; answers and errors summed, worst p99. */
async function measure(
  servers: ServerProcess[],
  target: Target,
  config: ReadPathConfig,
): Promise<LoadResult> {
  const connections = shareOut(Math.max(config.connections, servers.length), servers.length);
  const results = await Promise.all(
    servers.map((server, i) =>
      runLoad(
        {
          ...config,
          connections: connections[i]!,
          url: `${server.baseUrl}${target.path}`,
          ...target,
        },
        () => server.cpuMs(),
      ),
    ),
  );
  const result: LoadResult = {
    reqPerSec: results.reduce((sum, r) => sum + r.reqPerSec, 0),
    p99Ms: Math.max(...results.map((r) => r.p99Ms)),
    expected: results.reduce((sum, r) => sum + r.expected, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    errorKinds: Object.assign({}, ...results.map((r) => r.errorKinds)) as Record<string, number>,
    // All servers' CPU over all their answers.
    cpuUsPerRequest:
      results.reduce((sum, r) => sum + r.cpuUsPerRequest * (r.expected + r.errors), 0) /
      results.reduce((sum, r) => sum + r.expected + r.errors, 0),
  };
  console.log(`  ${target.label} done: ${fixed(result.reqPerSec, 0)} req/s`);
  return result;
}

/**
 * One baseline run on the hello-world process, which stays up for the whole benchmark: only its first
 * run needs a warm-up (node:http has nothing to warm after that).
 */
async function measureHello(
  hello: ServerProcess,
  config: ReadPathConfig,
  warm: boolean,
): Promise<LoadResult> {
  const result = await runLoad(
    {
      ...config,
      warmupSeconds: warm ? 0 : config.warmupSeconds,
      url: `${hello.baseUrl}/`,
      expectedStatus: 200,
    },
    () => hello.cpuMs(),
  );
  console.log(`  hello-world done: ${fixed(result.reqPerSec, 0)} req/s`);
  return result;
}

/** One request per target: the expected status, and for the floor the server's JSON error body. */
async function preflight(server: ServerProcess, targets: Target[]): Promise<string[]> {
  const problems: string[] = [];
  for (const target of targets) {
    const response = await fetch(`${server.baseUrl}${target.path}`, { headers: BROWSER_HEADERS });
    const body = await response.text();
    // What one answer weighs: an empty list would make an endpoint look cheaper than it is.
    console.log(`  ${target.label}: ${response.status}, ${Buffer.byteLength(body)} bytes`);
    if (response.status !== target.expectedStatus)
      problems.push(`${target.label}: answered ${response.status} ${body.slice(0, 200)}`);
    else if (!target.availability && !response.headers.get('content-type')?.includes('application/json'))
      problems.push(`${target.label}: not a JSON answer (${response.headers.get('content-type')})`);
  }
  return problems;
}

async function measureAll(config: ReadPathConfig): Promise<Measured> {
  // The baseline runs all along, beside the servers (idle while they are measured), so it can be measured
  // between every two targets: a shared machine's speed drifts within a run (ADR 098).
  const hello = await startHelloWorld();
  try {
    return await withBenchDatabase(async (database) => {
      // Throughput, not overload behaviour, is measured here: the guard's event-loop signal is off, so a
      // busy shared machine does not turn reads into 503s (the overload benchmark measures the guard).
      // --log-level=info logs as production does (two lines a request that reaches Fastify), into a file as
      // production's log would go, not through a pipe this process (the load generator's) would have to read.
      const logFile =
        config.logLevel === 'warn' ? undefined : join(os.tmpdir(), `kippu-read-path-${process.pid}.log`);
      const options = { env: { OVERLOAD_READ_LAG_MS: '0', LOG_LEVEL: config.logLevel }, logFile };
      // More processes on the same database (docs/scaling.md); the first loads the demo data.
      const servers = await startServers(database.url, config.processes, { ...options, seedDemoData: true });
      try {
        const targets = (await readPathTargets(servers[0]!.baseUrl)).filter(
          (t) => config.only.length === 0 || config.only.some((part) => t.label.includes(part)),
        );
        const preflightProblems = await preflight(servers[0]!, targets);
        const loadBefore = os.loadavg();
        // hello, target, hello, target, ..., hello: each target between two baseline runs.
        const baseline = [await measureHello(hello, config, false)];
        const rows: Row[] = [];
        for (const target of targets) {
          const result = await measure(servers, target, config);
          const before = baseline.at(-1)!;
          baseline.push(await measureHello(hello, config, true));
          const after = baseline.at(-1)!;
          const helloCpu = (before.cpuUsPerRequest + after.cpuUsPerRequest) / 2;
          rows.push({
            target,
            result,
            ...ratioBetween(result.reqPerSec, before.reqPerSec, after.reqPerSec),
            cpuRatio: helloCpu / result.cpuUsPerRequest,
          });
        }
        const loadAfter = os.loadavg();
        const rss = servers.map((s) => s.rssBytes());
        const mb = (b: number | undefined) => (b === undefined ? 'n/a' : `${Math.round(b / 1048576)} MB`);
        console.log(`  server RSS after the run: ${rss.map(mb).join(', ')}`);
        if (logFile) {
          const log = readFileSync(logFile, 'utf8');
          const count = log.split('\n').filter(Boolean).length;
          console.log(`  server log: ${count} lines, ${mb(Buffer.byteLength(log))} (${logFile}, removed)`);
        }
        return {
          hello: baseline,
          rows,
          preflightProblems,
          database: `PostgreSQL ${database.serverVersion} (${database.source})`,
          load: [loadBefore, loadAfter],
        };
      } finally {
        await stopServers(servers);
        if (logFile) rmSync(logFile, { force: true });
      }
    });
  } finally {
    await hello.stop();
  }
}

const loadText = (load: number[]) => load.map((n) => n.toFixed(1)).join(' ');

function report(config: ReadPathConfig, measured: Measured): void {
  const { hello, rows } = measured;
  const helloRates = hello.map((h) => h.reqPerSec);
  const helloSpread = spreadOf(helloRates);
  const percent = (value: number) => `${fixed(value * 100, 1)}%`;
  console.log(
    `\n${config.processes} server process(es) at LOG_LEVEL=${config.logLevel}, ${config.connections} connections, ${config.warmupSeconds} s warm-up + ${config.durationSeconds} s per endpoint, ` +
      `hello-world measured before the first endpoint and after each (${hello.length} runs); ` +
      `${measured.database}; ${os.cpus().length} CPUs, node ${process.version}; ` +
      `load average ${loadText(measured.load[0])} at the start, ${loadText(measured.load[1])} at the end\n`,
  );
  console.log(
    formatTable(
      ['endpoint', 'req/s', 'p99 ms', '% of hello-world', 'spread', 'CPU µs/req', 'CPU ratio', 'errors'],
      [
        [
          `hello-world (node:http), ${hello.length} runs`,
          `${fixed(helloSpread.mean, 0)} (${range(helloSpread, 0)})`,
          fixed(Math.max(...hello.map((h) => h.p99Ms)), 0),
          '100.0%',
          `moved ${fixed(movedBy(helloRates) * 100, 0)}%`,
          range(spreadOf(hello.map((h) => h.cpuUsPerRequest)), 0),
          '1.00',
          String(hello.reduce((sum, h) => sum + h.errors, 0)),
        ],
        ...rows.map((row) => [
          row.target.label,
          fixed(row.result.reqPerSec, 0),
          fixed(row.result.p99Ms, 0),
          percent(row.ratio),
          `${percent(row.spread.min)}–${percent(row.spread.max)}`,
          fixed(row.result.cpuUsPerRequest, 0),
          fixed(row.cpuRatio, 2),
          String(row.result.errors),
        ]),
      ],
    ),
  );

  console.log(
    '  CPU µs/req: CPU time (user + system) of the answering process(es) per answer in the measured run; CPU ratio: ' +
      "hello-world's (mean of the runs around the target) over the target's. Other work on the machine moves it " +
      'far less than req/s (ADR 098).',
  );
  const problems = [
    ...measured.preflightProblems,
    ...[
      ...hello.map((result, i) => ({ label: `hello-world run ${i + 1}`, result })),
      ...rows.map((r) => ({ label: r.target.label, result: r.result })),
    ]
      .filter(({ result }) => result.errors > 0)
      .map(({ label, result }) => `${label}: ${result.errors} errors ${JSON.stringify(result.errorKinds)}`),
  ];
  for (const problem of problems) console.log(`! ${problem}`);
  if (problems.length > 0) process.exitCode = 1;

  // The lowest availability ratio, and its spread: the lowest ratio had each target met only the baseline
  // run before it, or only the one after it.
  const availability = rows.filter((r) => r.target.availability);
  const lowest = Math.min(...availability.map((r) => r.ratio));
  const lowestSpread = spreadOf([
    Math.min(...availability.map((r) => r.spread.min)),
    Math.min(...availability.map((r) => r.spread.max)),
  ]);
  const floor = (kind: Target['floor']) => rows.find((r) => r.target.floor === kind);
  const floorText = (row: Row | undefined) => (row ? row.ratio.toFixed(2) : '-');
  const floorSpread = (row: Row | undefined) => (row ? range(row.spread, 2) : '-');
  console.log(
    `read-path: ratio ${fixed(lowest, 2)} floor ${floorText(floor('api'))} floor_outside ${floorText(floor('outside'))} ` +
      `ratio_spread ${range(lowestSpread, 2)} floor_spread ${floorSpread(floor('api'))} ` +
      `ratio_cpu ${fixed(Math.min(...availability.map((r) => r.cpuRatio)), 2)} floor_cpu ${fixed(floor('api')?.cpuRatio ?? Number.NaN, 2)} ` +
      baselineSuffix('baseline_req_s', helloRates),
  );
}

export const readPath: Benchmark = {
  name: 'read-path',
  description: 'availability GETs on the demo catalogue vs a bare node:http hello-world',
  async run(args) {
    const config = readPathConfig(args);
    // Reported after the benchmark database is dropped, so the table is the last thing printed.
    report(config, await measureAll(config));
  },
};
