import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import type { Benchmark } from '../shared/benchmark.ts';
import { withBenchDatabase } from '../shared/bench-database.ts';
import { startServer, type ServerProcess } from '../shared/server-process.ts';
import { fixed, formatTable } from '../shared/table.ts';
import { readPathConfig, type ReadPathConfig } from './config.ts';
import { startHelloWorld } from './hello-server.ts';
import { BROWSER_HEADERS, runLoad, type LoadResult } from './load-run.ts';
import { readPathTargets, type Target } from './targets.ts';

interface Row {
  target: Target;
  result: LoadResult;
}

interface Measured {
  hello: LoadResult;
  rows: Row[];
  /** Checked before load: a target that answers wrongly once would only show as a wall of errors. */
  preflightProblems: string[];
  database: string;
}

/** Every server at once, each with its share of the connections; answers and errors summed, worst p99. */
async function measure(
  servers: ServerProcess[],
  target: Target,
  config: ReadPathConfig,
): Promise<LoadResult> {
  const connections = Math.max(1, Math.round(config.connections / servers.length));
  const results = await Promise.all(
    servers.map((server) =>
      runLoad({ ...config, connections, url: `${server.baseUrl}${target.path}`, ...target }),
    ),
  );
  const result: LoadResult = {
    reqPerSec: results.reduce((sum, r) => sum + r.reqPerSec, 0),
    p99Ms: Math.max(...results.map((r) => r.p99Ms)),
    expected: results.reduce((sum, r) => sum + r.expected, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    errorKinds: Object.assign({}, ...results.map((r) => r.errorKinds)) as Record<string, number>,
  };
  console.log(`  ${target.label} done: ${fixed(result.reqPerSec, 0)} req/s`);
  return result;
}

async function measureHello(config: ReadPathConfig): Promise<LoadResult> {
  const hello = await startHelloWorld();
  try {
    const result = await runLoad({ ...config, url: `${hello.baseUrl}/`, expectedStatus: 200 });
    console.log(`  hello-world done: ${fixed(result.reqPerSec, 0)} req/s`);
    return result;
  } finally {
    await hello.stop();
  }
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
  const hello = await measureHello(config);
  return withBenchDatabase(async (database) => {
    // Throughput, not overload behaviour, is measured here: the guard's event-loop signal is off, so a
    // busy shared machine does not turn reads into 503s (the overload benchmark measures the guard).
    // --log-level=info logs as production does (two lines a request that reaches Fastify), into a file as
    // production's log would go, not through a pipe this process (the load generator's) would have to read.
    const logFile =
      config.logLevel === 'warn' ? undefined : join(os.tmpdir(), `kippu-read-path-${process.pid}.log`);
    const options = { env: { OVERLOAD_READ_LAG_MS: '0', LOG_LEVEL: config.logLevel }, logFile };
    const servers = [await startServer(database.url, { ...options, seedDemoData: true })];
    try {
      // More processes on the same database (docs/scaling.md); the demo data is already there.
      while (servers.length < config.processes) servers.push(await startServer(database.url, options));
      const server = servers[0]!;
      const targets = await readPathTargets(server.baseUrl);
      const preflightProblems = await preflight(server, targets);
      const rows: Row[] = [];
      for (const target of targets) rows.push({ target, result: await measure(servers, target, config) });
      const rss = servers.map((s) => s.rssBytes());
      const mb = (b: number | undefined) => (b === undefined ? 'n/a' : `${Math.round(b / 1048576)} MB`);
      console.log(`  server RSS after the run: ${rss.map(mb).join(', ')}`);
      if (logFile) {
        const log = readFileSync(logFile, 'utf8');
        const count = log.split('\n').filter(Boolean).length;
        console.log(`  server log: ${count} lines, ${mb(Buffer.byteLength(log))} (${logFile}, removed)`);
      }
      return {
        hello,
        rows,
        preflightProblems,
        database: `PostgreSQL ${database.serverVersion} (${database.source})`,
      };
    } finally {
      for (const server of servers) await server.stop();
      if (logFile) rmSync(logFile, { force: true });
    }
  });
}

function report(config: ReadPathConfig, measured: Measured): void {
  const { hello, rows } = measured;
  const share = (result: LoadResult) => result.reqPerSec / hello.reqPerSec;
  const line = (label: string, result: LoadResult) => [
    label,
    fixed(result.reqPerSec, 0),
    fixed(result.p99Ms, 0),
    `${fixed(share(result) * 100, 1)}%`,
    String(result.errors),
  ];
  console.log(
    `\n${config.processes} server process(es) at LOG_LEVEL=${config.logLevel}, ${config.connections} connections, ${config.warmupSeconds} s warm-up + ${config.durationSeconds} s per endpoint; ` +
      `${measured.database}; ${os.cpus().length} CPUs, node ${process.version}\n`,
  );
  console.log(
    formatTable(
      ['endpoint', 'req/s', 'p99 ms', '% of hello-world', 'errors'],
      [line('hello-world (node:http)', hello), ...rows.map((row) => line(row.target.label, row.result))],
    ),
  );

  const problems = [
    ...measured.preflightProblems,
    ...[
      { label: 'hello-world', result: hello },
      ...rows.map((r) => ({ label: r.target.label, result: r.result })),
    ]
      .filter(({ result }) => result.errors > 0)
      .map(({ label, result }) => `${label}: ${result.errors} errors ${JSON.stringify(result.errorKinds)}`),
  ];
  for (const problem of problems) console.log(`! ${problem}`);
  if (problems.length > 0) process.exitCode = 1;

  const lowest = Math.min(...rows.filter((r) => r.target.availability).map((r) => r.result.reqPerSec));
  const floor = rows.find((r) => !r.target.availability)!.result;
  console.log(`read-path: ratio ${(lowest / hello.reqPerSec).toFixed(2)} floor ${share(floor).toFixed(2)}`);
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
