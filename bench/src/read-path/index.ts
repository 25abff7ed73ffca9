import os from 'node:os';
import type { Benchmark } from '../registry.ts';
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

async function measure(server: ServerProcess, target: Target, config: ReadPathConfig): Promise<LoadResult> {
  const result = await runLoad({ ...config, url: `${server.baseUrl}${target.path}`, ...target });
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
    const server = await startServer(database.url, { seedDemoData: true });
    try {
      const targets = await readPathTargets(server.baseUrl);
      const preflightProblems = await preflight(server, targets);
      const rows: Row[] = [];
      for (const target of targets) rows.push({ target, result: await measure(server, target, config) });
      return {
        hello,
        rows,
        preflightProblems,
        database: `PostgreSQL ${database.serverVersion} (${database.source})`,
      };
    } finally {
      await server.stop();
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
    `\n${config.connections} connections, ${config.warmupSeconds} s warm-up + ${config.durationSeconds} s per endpoint; ` +
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
