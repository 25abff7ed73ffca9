import os from 'node:os';
import type { Benchmark } from '../registry.ts';
import { withBenchDatabase, type BenchDatabase } from '../shared/bench-database.ts';
import { fixed, formatTable } from '../shared/table.ts';
import { hotSlotConfig, perClientDemand, type HotSlotConfig } from './config.ts';
import { ORDER_HEADERS, orderBody, ordersUrl, runHttp, type HttpResult } from './http-run.ts';
import { assertPgbenchInstalled, runPgbench, type PgbenchResult } from './pgbench-run.ts';
import { createSlot, seedBenchProduct, type BenchProduct } from './seed.ts';
import { startServer, type ServerProcess } from './server-process.ts';
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

async function runAll(config: HotSlotConfig, database: BenchDatabase): Promise<RunRow[]> {
  const product = await seedBenchProduct(database.pool);
  const server = config.skipHttp ? undefined : await startServer(database.url);
  try {
    if (server) await warmUp(server, database, product);
    const rows: RunRow[] = [];
    for (const clients of config.clients) {
      const perClient = perClientDemand(config, clients);
      const demand = perClient * clients;
      const pgSpan = await createSlot(database.pool, product.id, config.capacity);
      const pgbench = await runPgbench({
        url: database.url,
        spanId: pgSpan,
        optionValueId: product.optionValueId,
        price: product.price,
        clients,
        transactionsPerClient: perClient,
      });
      const row: RunRow = { clients, demand, pgbench, pgbenchStock: await checkSlot(database.pool, pgSpan) };
      if (server) {
        const httpSpan = await createSlot(database.pool, product.id, config.capacity);
        row.http = await runHttp({
          baseUrl: server.baseUrl,
          product,
          spanId: httpSpan,
          clients,
          total: demand,
        });
        row.httpStock = await checkSlot(database.pool, httpSpan);
        if (row.http.ok + row.http.outOfStock > 0 && row.http.outOfStock > 0) {
          const answer = await soldOutMessage(server, product, httpSpan);
          if (!answer.startsWith('409') || !answer.includes('"out of stock"'))
            console.log(`  ${clients} clients: sold-out answer was ${answer}`);
        }
      }
      console.log(
        `  ${clients} clients done: pgbench ${fixed(pgbench.tps, 0)} tps` +
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
    const rows = await withBenchDatabase((database) =>
      runAll(config, database).then((r) => ({ r, database })),
    );
    report(config, rows.database, rows.r);
  },
};
