import os from 'node:os';
import type { Benchmark } from '../shared/benchmark.ts';
import { withBenchDatabase, type BenchDatabase } from '../shared/bench-database.ts';
import { startServer, type ServerProcess } from '../shared/server-process.ts';
import { fixed, formatTable } from '../shared/table.ts';
import { hotSlotConfig, perClientDemand, type HotSlotConfig } from './config.ts';
import { ORDER_HEADERS, orderBody, ordersUrl, runHttp, type HttpResult } from './http-run.ts';
import { assertPgbenchInstalled, runPgbench, type PgbenchResult } from './pgbench-run.ts';
import { createSlot, seedBenchProduct, type BenchProduct } from './seed.ts';
import { checkSlot, type StockCheck } from './stock-check.ts';

interface RunRow {
  clients: number;
  demand: number;
  pgbench: PgbenchResult;
  pgbenchStock: StockCheck;
  http?: HttpResult;
  httpStock?: StockCheck;
}

/** Warm the server's JIT and pools on a throwaway slot so the first measured run is not a cold start. */
async function warmUp(server: ServerProcess, database: BenchDatabase, product: BenchProduct): Promise<void> {
  const spanId = await createSlot(database.pool, product.id, 200);
  await runHttp({ baseUrl: server.baseUrl, product, spanId, clients: 8, total: 400 });
}

/** After a sold-out run the next order must be refused with the spec's message, not just any 409. */
async function soldOutMessage(server: ServerProcess, product: BenchProduct, spanId: number): Promise<string> {
  const response = await fetch(ordersUrl(server.baseUrl), {
    method: 'POST',
    headers: ORDER_HEADERS,
    body: orderBody(product, spanId),
  });
  return `${response.status} ${await response.text()}`;
}

function stockProblems(label: string, successes: number, stock: StockCheck): string[] {
  const problems: string[] = [];
  if (stock.oversold > 0) problems.push(`${label}: OVERSOLD by ${stock.oversold}`);
  if (successes !== stock.held)
    problems.push(`${label}: ${successes} successful holds but held = ${stock.held}`);
  if (stock.orderedQuantity !== stock.held)
    problems.push(`${label}: orders hold ${stock.orderedQuantity} seats but held = ${stock.held}`);
  return problems;
}

/** PostgreSQL refuses connections beyond max_connections; other work on the server may hold some for a while. */
function outOfConnections(error: unknown): boolean {
  return /too many clients|remaining connection slots/.test((error as Error).message);
}

/** The raw SQL hold on a fresh slot; retried (on another fresh slot) while the server is out of connections. */
async function measurePgbench(
  database: BenchDatabase,
  product: BenchProduct & { capacity: number },
  clients: number,
  transactionsPerClient: number,
): Promise<{ result: PgbenchResult; stock: StockCheck }> {
  for (let attempt = 1; ; attempt += 1) {
    const spanId = await createSlot(database.pool, product.id, product.capacity);
    try {
      const result = await runPgbench({
        url: database.url,
        spanId,
        optionValueId: product.optionValueId,
        price: product.price,
        clients,
        transactionsPerClient,
      });
      return { result, stock: await checkSlot(database.pool, spanId) };
    } catch (error) {
      if (attempt >= 3 || !outOfConnections(error)) throw error;
      console.log(`  pgbench ${clients} clients: out of connections, retrying in 10 s`);
      await new Promise((r) => setTimeout(r, 10_000));
    }
  }
}

async function measureHttp(
  server: ServerProcess,
  database: BenchDatabase,
  product: BenchProduct & { capacity: number },
  clients: number,
  total: number,
): Promise<{ result: HttpResult; stock: StockCheck }> {
  const spanId = await createSlot(database.pool, product.id, product.capacity);
  const result = await runHttp({ baseUrl: server.baseUrl, product, spanId, clients, total });
  const stock = await checkSlot(database.pool, spanId);
  if (result.outOfStock > 0) {
    const answer = await soldOutMessage(server, product, spanId);
    if (!answer.startsWith('409') || !answer.includes('"out of stock"'))
      console.log(`  ! ${clients} clients: the order after selling out was answered ${answer}`);
  }
  return { result, stock };
}

/** Without a server (it failed to start, or --skip-http) the pgbench half still runs and reports. */
async function startServerOrReport(
  config: HotSlotConfig,
  database: BenchDatabase,
): Promise<ServerProcess | undefined> {
  if (config.skipHttp) return undefined;
  try {
    return await startServer(database.url);
  } catch (error) {
    console.log(`! the server did not start, HTTP runs skipped: ${(error as Error).message}`);
    process.exitCode = 1;
    return undefined;
  }
}

async function runAll(config: HotSlotConfig, database: BenchDatabase): Promise<RunRow[]> {
  const product = { ...(await seedBenchProduct(database.pool)), capacity: config.capacity };
  const server = await startServerOrReport(config, database);
  try {
    if (server) await warmUp(server, database, product);
    const rows: RunRow[] = [];
    for (const clients of config.clients) {
      const perClient = perClientDemand(config, clients);
      const demand = perClient * clients;
      const pgbench = await measurePgbench(database, product, clients, perClient);
      const row: RunRow = { clients, demand, pgbench: pgbench.result, pgbenchStock: pgbench.stock };
      if (server) {
        const http = await measureHttp(server, database, product, clients, demand);
        row.http = http.result;
        row.httpStock = http.stock;
      }
      console.log(
        `  ${clients} clients done: pgbench ${fixed(row.pgbench.tps, 0)} tps` +
          (row.http ? `, http ${fixed(row.http.reqPerSec, 0)} req/s` : ''),
      );
      rows.push(row);
    }
    return rows;
  } finally {
    await server?.stop();
  }
}

function report(config: HotSlotConfig, database: BenchDatabase, rows: RunRow[]): void {
  const oversoldOf = (row: RunRow) => row.pgbenchStock.oversold + (row.httpStock?.oversold ?? 0);
  const table = formatTable(
    [
      'clients',
      'pgbench tps',
      'pgbench p99 ms',
      'http req/s',
      'http p99 ms',
      'http ok',
      'http 409',
      'http other',
      'oversold',
    ],
    rows.map((row) => [
      String(row.clients),
      fixed(row.pgbench.tps, 0),
      fixed(row.pgbench.p99Ms, 2),
      row.http ? fixed(row.http.reqPerSec, 0) : '-',
      row.http ? fixed(row.http.p99Ms, 2) : '-',
      row.http ? String(row.http.ok) : '-',
      row.http ? String(row.http.outOfStock) : '-',
      row.http ? String(row.http.other) : '-',
      String(oversoldOf(row)),
    ]),
  );
  console.log(
    `\ncapacity ${config.capacity} per slot, demand ${config.demandFactor}x; PostgreSQL ${database.serverVersion} (${database.source}); ` +
      `${os.cpus().length} CPUs, node ${process.version}\n`,
  );
  console.log(table);

  const problems = rows.flatMap((row) => [
    ...(row.pgbench.failed > 0
      ? [`pgbench ${row.clients} clients: ${row.pgbench.failed} failed transactions`]
      : []),
    ...(row.pgbench.transactions + row.pgbench.failed !== row.demand
      ? [`pgbench ${row.clients} clients: ${row.pgbench.transactions} transactions logged of ${row.demand}`]
      : []),
    ...stockProblems(`pgbench ${row.clients} clients`, row.pgbenchStock.orderedQuantity, row.pgbenchStock),
    ...(row.http && row.httpStock
      ? stockProblems(`http ${row.clients} clients`, row.http.ok, row.httpStock)
      : []),
    ...(row.http && row.http.other > 0
      ? [`http ${row.clients} clients: unexpected answers ${JSON.stringify(row.http.otherStatuses)}`]
      : []),
  ]);
  for (const problem of problems) console.log(`! ${problem}`);

  // The target is stated at 32 clients; with another client list, the closest count stands in.
  const anchor = rows.reduce((best, row) =>
    Math.abs(row.clients - 32) < Math.abs(best.clients - 32) ? row : best,
  );
  if (anchor.clients !== 32) console.log(`(ratio taken at ${anchor.clients} clients: no 32-client run)`);
  const ratio = anchor.http ? anchor.http.reqPerSec / anchor.pgbench.tps : 0;
  const oversold = rows.reduce((sum, row) => sum + oversoldOf(row), 0);
  if (oversold > 0) process.exitCode = 1;
  console.log(`hot-slot: ratio ${ratio.toFixed(2)} oversold ${oversold}`);
}

export const hotSlot: Benchmark = {
  name: 'hot-slot',
  description: 'concurrent holds on one time span: POST /orders vs the raw SQL hold in pgbench',
  async run(args) {
    const config = hotSlotConfig(args);
    assertPgbenchInstalled();
    // Reported after the benchmark database is dropped, so the table is the last thing printed.
    const { rows, database } = await withBenchDatabase(async (database) => ({
      rows: await runAll(config, database),
      database,
    }));
    report(config, database, rows);
  },
};
