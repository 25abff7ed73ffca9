import { readFileSync } from 'node:fs';
import os from 'node:os';
import type pg from 'pg';
import { ROLE_TEMPLATES } from '@kippu/contract';
import { hashPassword } from '../../../apps/server/src/domain/staff/password-hash.ts';
import { option, positiveInt } from '../shared/args.ts';
import type { Benchmark } from '../shared/benchmark.ts';
import { withBenchDatabase } from '../shared/bench-database.ts';
import { startServer } from '../shared/server-process.ts';
import { BENCH_SITE, seedBenchProduct } from '../hot-slot/seed.ts';
import { seedPaidOrders } from './seed.ts';

const PASSWORD = 'bench export passphrase 2026';
const EMAIL = 'finance@bench.kippu.test';
/** Issue 30: a 200,000-order export streams; the server's peak RSS stays at or under this. */
const TARGET_PEAK_RSS_MB = 300;
const SAMPLE_MS = 50;

const tokyoDate = (offsetDays: number) =>
  new Date(Date.now() + 9 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** A finance member of the default organisation (every site), signed in: the session cookie. */
async function financeSession(pool: pg.Pool, baseUrl: string): Promise<string> {
  const finance = ROLE_TEMPLATES.finance;
  const role = await pool.query<{ id: string }>(
    `INSERT INTO staff_roles (organisation_id, template_key, name, permissions, limits, require_second_factor)
     VALUES (default_organisation_id(), 'finance', 'Finance', $1, $2, false) RETURNING id`,
    [JSON.stringify(finance.permissions), JSON.stringify(finance.limits)],
  );
  const staff = await pool.query<{ id: string }>(
    `INSERT INTO staff (email, name, lang, password_hash) VALUES ($1, 'Bench finance', 'en', $2) RETURNING id`,
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

/** The process's resident set now and its peak since it started (VmHWM), in bytes (Linux /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

interface Download {
  seconds: number;
  bytes: number;
  /** The highest RSS sampled every SAMPLE_MS during the download, and VmHWM at its end (bytes). */
  sampledPeak: number;
  hwm: number;
  lines: number;
}

/** Downloads `url` and throws the body away as it comes (counting bytes and newlines), sampling the RSS. */
async function download(url: string, headers: Record<string, string>, pid: number): Promise<Download> {
  let sampledPeak = memoryOf(pid).rss;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, memoryOf(pid).rss);
  }, SAMPLE_MS);
  const began = performance.now();
  try {
    let response = await fetch(url, { headers });
    // The overload guard (ADR 034) sheds reads on a busy machine with a fast 503: ask again as a browser would.
    for (let refused = 1; response.status === 503 && refused <= 20; refused += 1) {
      await response.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      response = await fetch(url, { headers });
    }
    if (response.status !== 200 || !response.body)
      throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
    const seconds = (performance.now() - began) / 1000;
    return {
      seconds,
      bytes,
      sampledPeak: Math.max(sampledPeak, memoryOf(pid).rss),
      hwm: memoryOf(pid).peak,
      lines,
    };
  } finally {
    clearInterval(sampler);
  }
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

export const exportBench: Benchmark = {
  name: 'export',
  description:
    'the settlement export (every payment, with its payment number) of 200,000 orders as CSV and XLSX: duration and the server’s peak RSS',
  async run(args) {
    const orders = positiveInt(option(args, 'orders') ?? '200000', 'orders');
    const days = positiveInt(option(args, 'days') ?? '30', 'days');
    await withBenchDatabase(async (database) => {
      const seedStart = performance.now();
      const product = await seedBenchProduct(database.pool);
      await seedPaidOrders(database.pool, product, orders, days);
      const seeded = ((performance.now() - seedStart) / 1000).toFixed(1);
      // The overload guard's event-loop signal off: on a busy machine it shed the sign-in and the export with
      // its 503 (ADR 034); what is measured here is the export's memory and duration, not the guard.
      const server = await startServer(database.url, {
        env: { OVERLOAD_READ_LAG_MS: '0', OVERLOAD_WRITE_LAG_MS: '0' },
      });
      try {
        if (server.pid === undefined) throw new Error('the server process has no pid');
        const pid = server.pid;
        const cookie = await financeSession(database.pool, server.baseUrl);
        const headers = { cookie, origin: server.baseUrl };
        // The biggest export: one row per payment (the settlement's payments view), over every seeded day.
        const query = `view=payments&from=${tokyoDate(-days)}&to=${tokyoDate(0)}&lang=ja`;
        const url = (format: string) =>
          `${server.baseUrl}/console/api/v1/sites/${BENCH_SITE}/reports/settlement/export?${query}&format=${format}`;
        const idle = memoryOf(pid);
        const csv = await download(url('csv'), headers, pid);
        const xlsx = await download(url('xlsx'), headers, pid);
        const peak = Math.max(csv.sampledPeak, xlsx.sampledPeak, xlsx.hwm);
        console.log(
          `\n${orders} orders over ${days} days seeded in ${seeded} s; PostgreSQL ${database.serverVersion} ` +
            `(${database.source}); ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), node ${process.version}`,
        );
        console.log(`server RSS before the exports: ${mb(idle.rss)} MB`);
        console.log(
          `csv:  ${csv.seconds.toFixed(1)} s, ${mb(csv.bytes)} MB, ${csv.lines} lines, peak RSS ${mb(csv.sampledPeak)} MB`,
        );
        console.log(
          `xlsx: ${xlsx.seconds.toFixed(1)} s, ${mb(xlsx.bytes)} MB, peak RSS ${mb(xlsx.sampledPeak)} MB ` +
            `(VmHWM ${mb(xlsx.hwm)} MB)`,
        );
        // The CSV has a header line and one line per payment: a short file means the export stopped early.
        const complete = csv.lines >= orders + 1;
        const ok = complete && mb(peak) <= TARGET_PEAK_RSS_MB;
        if (!complete) console.log(`the CSV has ${csv.lines} lines, ${orders + 1} expected`);
        console.log(`target: peak RSS ≤ ${TARGET_PEAK_RSS_MB} MB ${ok ? 'OK' : 'FAILED'}`);
        if (!ok) process.exitCode = 1;
        console.log(
          `export: orders ${orders} csv_s ${csv.seconds.toFixed(1)} xlsx_s ${xlsx.seconds.toFixed(1)} peak_rss_mb ${mb(peak)}`,
        );
      } finally {
        await server.stop();
      }
    });
  },
};
