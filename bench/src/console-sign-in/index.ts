import os from 'node:os';
import {
  ARGON2ID,
  PASSWORD_HASHING_CONCURRENCY,
} from '../../../apps/server/src/domain/staff/password-hash.ts';
import type { Benchmark } from '../shared/benchmark.ts';
import { withBenchDatabase, type BenchDatabase } from '../shared/bench-database.ts';
import { startServer, type ServerProcess } from '../shared/server-process.ts';
import { fixed, formatTable } from '../shared/table.ts';
import { runHttp, type HttpResult } from '../hot-slot/http-run.ts';
import { assertPgbenchInstalled, runPgbench } from '../hot-slot/pgbench-run.ts';
import { createSlot, seedBenchProduct, type BenchProduct } from '../hot-slot/seed.ts';
import { consoleSignInConfig, type ConsoleSignInConfig } from './config.ts';
import { BENCH_PASSWORD, seedBenchStaff } from './seed.ts';
import { runSignIns, summary, type SignInAttempt, type SignInResult } from './sign-in-run.ts';

interface Figures {
  known: SignInResult;
  unknown: SignInResult;
  holds?: {
    pgbenchTps: number;
    quiet: HttpResult;
    flooded: HttpResult;
    flood: SignInResult;
  };
}

let unknownAccounts = 0;
/** A sign-in for an address no account has: the flood of a credential-stuffing run, one address each. */
function unknownAttempt(): SignInAttempt {
  unknownAccounts += 1;
  return { email: `nobody-${unknownAccounts}@bench.kippu.test`, password: 'not the password at all' };
}

async function measure(
  config: ConsoleSignInConfig,
  database: BenchDatabase,
  server: ServerProcess,
  emails: string[],
  product: BenchProduct,
): Promise<Figures> {
  const known = (index: number): SignInAttempt => ({
    email: emails[index % emails.length]!,
    password: BENCH_PASSWORD,
  });
  // Warm the JIT, the pools and the dummy hash (made on first use) before anything is measured.
  await runSignIns({ baseUrl: server.baseUrl, concurrency: 2, total: 10, attempt: known });
  await runSignIns({ baseUrl: server.baseUrl, concurrency: 2, total: 4, attempt: unknownAttempt });
  const knownRun = await runSignIns({
    baseUrl: server.baseUrl,
    concurrency: config.concurrency,
    total: config.signIns,
    attempt: known,
  });
  const unknownRun = await runSignIns({
    baseUrl: server.baseUrl,
    concurrency: config.concurrency,
    total: config.signIns,
    attempt: unknownAttempt,
  });
  console.log(
    `  sign-ins done: p99 ${fixed(summary(knownRun).p99, 0)} ms at ${config.concurrency} concurrent`,
  );
  if (config.skipFlood) return { known: knownRun, unknown: unknownRun };

  const total = config.capacity * config.demand;
  const perClient = Math.ceil(total / config.holdClients);
  await runHttp({
    baseUrls: [server.baseUrl],
    product,
    spanId: await createSlot(database.pool, product.id, 200),
    clients: 8,
    total: 400,
  });
  const pgbench = await runPgbench({
    url: database.url,
    spanId: await createSlot(database.pool, product.id, config.capacity),
    optionValueId: product.optionValueId,
    price: product.price,
    clients: config.holdClients,
    transactionsPerClient: perClient,
  });
  const holds = (spanId: number) =>
    runHttp({ baseUrls: [server.baseUrl], product, spanId, clients: config.holdClients, total });
  const quiet = await holds(await createSlot(database.pool, product.id, config.capacity));
  const floodedSlot = await createSlot(database.pool, product.id, config.capacity);
  // The flood starts first and runs until the last hold is answered.
  let holdsDone: () => void = () => undefined;
  const until = new Promise<void>((resolve) => (holdsDone = resolve));
  const flooding = runSignIns({
    baseUrl: server.baseUrl,
    concurrency: config.flood,
    until,
    attempt: unknownAttempt,
  });
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const flooded = await holds(floodedSlot).finally(holdsDone);
  const flood = await flooding;
  console.log(
    `  holds done: quiet ${fixed(quiet.reqPerSec, 0)} req/s, flooded ${fixed(flooded.reqPerSec, 0)} req/s`,
  );
  return { known: knownRun, unknown: unknownRun, holds: { pgbenchTps: pgbench.tps, quiet, flooded, flood } };
}

function statuses(result: SignInResult): string {
  const parts = Object.entries(result.statuses).map(([status, count]) => `${status}×${count}`);
  if (result.errors > 0) parts.push(`errors×${result.errors}`);
  return parts.join(' ');
}

function report(config: ConsoleSignInConfig, database: BenchDatabase, figures: Figures): void {
  console.log(
    `\nArgon2id m=${ARGON2ID.memoryCost} KiB t=${ARGON2ID.timeCost} p=${ARGON2ID.parallelism}, ` +
      `${PASSWORD_HASHING_CONCURRENCY} hashes at once per process; PostgreSQL ${database.serverVersion} ` +
      `(${database.source}); ${os.cpus().length} CPUs, node ${process.version}\n`,
  );
  const rows: [string, SignInResult][] = [
    [`known account, right password (${config.concurrency} concurrent)`, figures.known],
    [`unknown account (${config.concurrency} concurrent)`, figures.unknown],
  ];
  if (figures.holds) rows.push([`flood beside the holds (${config.flood} concurrent)`, figures.holds.flood]);
  console.log(
    formatTable(
      ['sign-ins', 'count', 'p50 ms', 'p99 ms', 'max ms', 'per s', 'answers'],
      rows.map(([label, result]) => {
        const s = summary(result);
        return [
          label,
          String(result.latenciesMs.length),
          fixed(s.p50, 0),
          fixed(s.p99, 0),
          fixed(s.max, 0),
          fixed(s.perSecond, 1),
          statuses(result),
        ];
      }),
    ),
  );
  const problems: string[] = [];
  const knownOk = figures.known.statuses['200'] ?? 0;
  if (knownOk !== figures.known.latenciesMs.length)
    problems.push(`known-account sign-ins not all 200: ${statuses(figures.known)}`);
  if (figures.unknown.statuses['200'] || figures.unknown.errors > 0)
    problems.push(`unknown-account sign-ins answered ${statuses(figures.unknown)}`);
  const p99 = summary(figures.known).p99;
  let line = `console-sign-in: p99 ${fixed(p99, 0)} ms at ${config.concurrency} concurrent`;
  if (figures.holds) {
    const { pgbenchTps, quiet, flooded } = figures.holds;
    console.log(
      '\n' +
        formatTable(
          [
            'holds at ' + config.holdClients + ' clients',
            'req/s',
            'p99 ms',
            'ok',
            '409',
            'other',
            'ratio to pgbench',
          ],
          [
            ['pgbench (raw SQL hold)', fixed(pgbenchTps, 0), '-', '-', '-', '-', '1.00'],
            [
              'HTTP, quiet',
              fixed(quiet.reqPerSec, 0),
              fixed(quiet.p99Ms, 1),
              String(quiet.ok),
              String(quiet.outOfStock),
              String(quiet.other),
              fixed(quiet.reqPerSec / pgbenchTps, 2),
            ],
            [
              'HTTP, during the sign-in flood',
              fixed(flooded.reqPerSec, 0),
              fixed(flooded.p99Ms, 1),
              String(flooded.ok),
              String(flooded.outOfStock),
              String(flooded.other),
              fixed(flooded.reqPerSec / pgbenchTps, 2),
            ],
          ],
        ),
    );
    // Starving means holds refused (503 from the overload guard) or timed out while sign-ins hash.
    if (flooded.other > 0)
      problems.push(`holds during the flood: unexpected answers ${JSON.stringify(flooded.otherStatuses)}`);
    line +=
      `; hot-slot ratio quiet ${fixed(quiet.reqPerSec / pgbenchTps, 2)} flood ${fixed(flooded.reqPerSec / pgbenchTps, 2)}` +
      ` (holds during the flood ${fixed((100 * flooded.reqPerSec) / quiet.reqPerSec, 0)} % of quiet)`;
  }
  for (const problem of problems) console.log(`! ${problem}`);
  if (problems.length > 0) process.exitCode = 1;
  console.log(line);
}

export const consoleSignIn: Benchmark = {
  name: 'console-sign-in',
  description:
    'console sign-in latency at 10 concurrent (Argon2id), and hot-slot holds during a sign-in flood',
  async run(args) {
    const config = consoleSignInConfig(args);
    if (!config.skipFlood) assertPgbenchInstalled();
    const { figures, database } = await withBenchDatabase(async (database) => {
      const product = await seedBenchProduct(database.pool);
      const { emails } = await seedBenchStaff(database.pool, config.accounts);
      const server = await startServer(database.url);
      try {
        return { figures: await measure(config, database, server, emails, product), database };
      } finally {
        await server.stop();
      }
    });
    report(config, database, figures);
  },
};
