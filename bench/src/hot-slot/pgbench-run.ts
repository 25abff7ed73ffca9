import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { percentile } from '../shared/percentile.ts';
import { BENCH_SITE } from './seed.ts';

const run = promisify(execFile);
export const PGBENCH = process.env.PGBENCH ?? '/usr/bin/pgbench';

/**
 * The raw SQL hold: take one seat only if one is left, and record the order (and its line) only when the
 * update took stock, in one statement. This is the floor the HTTP endpoint is measured against.
 */
const HOLD_SCRIPT = `BEGIN;
WITH took AS (
  UPDATE time_spans SET held = held + 1
  WHERE id = :span AND capacity - held - sold >= 1
  RETURNING id, product_id
), placed AS (
  INSERT INTO orders (order_token, site_code, channel, status, lang, product_id, time_span_id, quantity, price, expires_at)
  SELECT gen_random_uuid()::text, '${BENCH_SITE}', 'web', 'holding', 'ja', took.product_id, took.id, 1, :price,
         now() + interval '20 minutes'
  FROM took
  RETURNING id
)
INSERT INTO order_lines (order_id, option_value_id, quantity, unit_price)
SELECT placed.id, :option, 1, :price FROM placed;
COMMIT;
`;

export interface PgbenchResult {
  tps: number;
  p99Ms: number;
  transactions: number;
  failed: number;
}

export function assertPgbenchInstalled(): void {
  if (!existsSync(PGBENCH)) {
    throw new Error(
      `pgbench not found at ${PGBENCH}: install it (Debian: apt-get install postgresql-client) or set PGBENCH=/path/to/pgbench`,
    );
  }
}

/** `tps = 1234.56 (without initial connection time)` from pgbench's report. */
export function parseTps(report: string): number {
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(report);
  if (!match) throw new Error(`no tps in pgbench output:\n${report}`);
  return Number(match[1]);
}

/**
 * Per-transaction log lines: `client_id transaction_no time script_no time_epoch time_us`, where `time` is
 * the latency in microseconds (or `failed` / `skipped`). Returns latencies in milliseconds.
 */
export function parseLatencies(log: string): { latenciesMs: number[]; failed: number } {
  const latenciesMs: number[] = [];
  let failed = 0;
  for (const line of log.split('\n')) {
    const field = line.split(' ')[2];
    if (field === undefined) continue;
    const micros = Number(field);
    if (Number.isFinite(micros)) latenciesMs.push(micros / 1000);
    else failed += 1;
  }
  return { latenciesMs, failed };
}

export async function runPgbench(input: {
  url: string;
  spanId: number;
  optionValueId: number;
  price: number;
  clients: number;
  transactionsPerClient: number;
}): Promise<PgbenchResult> {
  const dir = await mkdtemp(join(tmpdir(), 'kippu-pgbench-'));
  try {
    const script = join(dir, 'hold.sql');
    await writeFile(script, HOLD_SCRIPT);
    const args = [
      '-n',
      '-f',
      script,
      '-c',
      String(input.clients),
      '-j',
      String(Math.min(input.clients, 2)),
      '-t',
      String(input.transactionsPerClient),
      '-D',
      `span=${input.spanId}`,
      '-D',
      `option=${input.optionValueId}`,
      '-D',
      `price=${input.price}`,
      '-l',
      `--log-prefix=${join(dir, 'tx')}`,
      input.url,
    ];
    const { stdout } = await run(PGBENCH, args, { cwd: dir, maxBuffer: 16 * 1024 * 1024 }).catch(
      (error: { stdout?: string; stderr?: string; message: string }) => {
        throw new Error(`pgbench failed: ${error.stderr || error.message}\n${error.stdout ?? ''}`);
      },
    );
    const logs = (await readdir(dir)).filter((f) => f.startsWith('tx.'));
    const latenciesMs: number[] = [];
    let failed = 0;
    for (const file of logs) {
      const parsed = parseLatencies(await readFile(join(dir, file), 'utf8'));
      latenciesMs.push(...parsed.latenciesMs);
      failed += parsed.failed;
    }
    return {
      tps: parseTps(stdout),
      p99Ms: percentile(latenciesMs, 99),
      transactions: latenciesMs.length,
      failed,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
