import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInAs } from '../../../../test/console-sign-in.ts';
import { setupTestApp } from '../../../../test/helper.ts';
import { createProduct, createTimeSpan } from '../../../../test/factories.ts';
import type { AuditActor } from '../../../domain/audit/record-audit.ts';
import { exportsRunning } from '../../../domain/reports/export-slots.ts';
import { siteReportExport, type ReportReader } from '../../../domain/reports/report-entries.ts';
import {
  signedIn,
  twoOrganisations,
  type ConsoleAs,
  type Organisations,
} from '../operations/operations-test-support.ts';
import { paidOrder } from './reports-test-support.ts';

/**
 * Exports hold a connection while their reader downloads (ADR 085 addendum): at most two per organisation at
 * once (a third answers 429 in the one error body), and a reader that goes away mid-download ends the
 * export's cursor and transaction and gives its connection and its slot back.
 */
const ctx = setupTestApp();
let orgs: Organisations;
let finance: ConsoleAs;
let reader: ReportReader;

const DAY = '2030-06-12';
/** A day with far more lines than the socket's buffers hold (about 16 MB of CSV). */
const BIG_DAY = '2030-06-13';
const BIG_DAY_PAYMENTS = 150_000;
const actor: AuditActor = { kind: 'system' };
const exportQuery = { view: 'payments', from: DAY, to: DAY, format: 'csv', lang: 'en' } as const;
const exportPath = `/sites/DEMO/reports/settlement/export?format=csv&view=payments&from=${DAY}&to=${DAY}`;

/** Sessions of this test's database sitting in an open transaction (an export between its FETCHes). */
async function openTransactions(): Promise<number> {
  const { rows } = await ctx.db.$client.query(
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND state LIKE 'idle in transaction%' AND pid <> pg_backend_pid()`,
  );
  return rows[0].n;
}

beforeAll(async () => {
  orgs = await twoOrganisations(ctx.db, 'export-limits');
  finance = await signedIn(ctx.app, ctx.db, orgs.a, 'finance', 'all');
  reader = { organisationId: orgs.a, siteCodes: ['DEMO', 'ARTIZON', 'MORI'], lang: 'en' };
  const product = await createProduct(ctx.db, { site: 'DEMO', prices: [2000] });
  const slot = await createTimeSpan(ctx.db, { productId: product.id, capacity: 10 });
  const order = await paidOrder(ctx.db, {
    site: 'DEMO',
    productId: product.id,
    timeSpanId: slot,
    optionValueId: product.optionValueIds[0]!,
    unitPrice: 2000,
    quantity: 1,
    method: 'gmo',
    paidAt: `${DAY}T10:00:00+09:00`,
  });
  // Far more lines than the stream's buffers hold (about 100 bytes each), so an unread export waits on its
  // reader with its cursor open: earlier payments of the order, since refunded (one confirmed per order).
  await ctx.db.$client.query(
    `INSERT INTO payments (order_id, site_code, method, amount, status, payment_number, idempotency_key,
       provider_reference, confirmed_at, created_at)
     SELECT $1, 'DEMO', 'gmo', 2000, 'refunded', 'PXL' || $2::text || '-' || g, 'kXL' || $2::text || '-' || g,
            'GWXL' || $2::text || '-' || g, $3::timestamptz, $3::timestamptz
     FROM generate_series(1, 3000) g`,
    [order.orderId, process.pid, `${DAY}T11:00:00+09:00`],
  );
  await ctx.db.$client.query(
    `INSERT INTO payments (order_id, site_code, method, amount, status, payment_number, idempotency_key,
       provider_reference, confirmed_at, created_at)
     SELECT $1, 'DEMO', 'gmo', 2000, 'refunded', 'PBG' || $2::text || '-' || g, 'kBG' || $2::text || '-' || g,
            'GWBG' || $2::text || '-' || g, $3::timestamptz, $3::timestamptz
     FROM generate_series(1, $4::int) g`,
    [order.orderId, process.pid, `${BIG_DAY}T11:00:00+09:00`, BIG_DAY_PAYMENTS],
  );
});

describe('report export limits', () => {
  it('runs two exports of an organisation at once, refuses a third with 429; a reader gone mid-download closes its cursor and frees the slot', async () => {
    expect(await openTransactions()).toBe(0);
    const first = await siteReportExport(ctx.db, reader, actor, { site: 'DEMO', report: 'settlement' }, exportQuery);
    const second = await siteReportExport(ctx.db, reader, actor, { site: 'DEMO', report: 'settlement' }, exportQuery);
    // Neither is read: both wait on their reader, each with a connection in its transaction.
    expect(exportsRunning(orgs.a)).toBe(2);
    await vi.waitFor(async () => expect(await openTransactions()).toBe(2), { timeout: 30_000, interval: 50 });

    const third = await finance.get(exportPath);
    expect(third.statusCode, third.body).toBe(429);
    expect(third.json()).toEqual({ error: 'too many requests' });

    // The first reader takes a little, then goes away (as Fastify destroys the body when the client aborts).
    const firstBytes = await firstChunk(first.body);
    expect(firstBytes.toString('utf8').startsWith('\ufeff')).toBe(true);
    first.body.destroy();
    await vi.waitFor(() => expect(exportsRunning(orgs.a)).toBe(1), { timeout: 30_000, interval: 20 });
    // Its cursor closed and its transaction ended: only the second export's is left open.
    expect(await openTransactions()).toBe(1);

    // A slot is free again: the download answers, whole.
    const again = await finance.get(exportPath);
    expect(again.statusCode, again.body.slice(0, 200)).toBe(200);
    expect(again.body.split('\r\n').filter((line) => line.includes('PXL'))).toHaveLength(3000);

    second.body.destroy();
    await vi.waitFor(() => expect(exportsRunning(orgs.a)).toBe(0), { timeout: 30_000, interval: 20 });
    expect(await openTransactions()).toBe(0);
  });
});

describe('a download the client aborts', () => {
  it('ends the export over HTTP: the cursor is closed, the transaction ended and the slot given back', async () => {
    const { browser } = await signedInAs(ctx.app, ctx.db, {
      organisation: 'export-limits-a',
      template: 'finance',
    });
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const url = new URL(
      `/console/api/v1/sites/DEMO/reports/settlement/export?format=csv&view=payments&from=${BIG_DAY}&to=${BIG_DAY}`,
      address,
    );
    const request = httpRequest(url, { headers: { cookie: browser.cookie } });
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      request.once('response', resolve).once('error', reject).end();
    });
    expect(response.statusCode).toBe(200);
    // The client takes a first chunk and stops reading: the export waits on it with its cursor open.
    await firstChunk(response);
    expect(exportsRunning(orgs.a)).toBe(1);
    await vi.waitFor(async () => expect(await openTransactions()).toBe(1), { timeout: 30_000, interval: 50 });

    request.on('error', () => undefined);
    request.destroy();
    await vi.waitFor(() => expect(exportsRunning(orgs.a)).toBe(0), { timeout: 60_000, interval: 20 });
    expect(await openTransactions()).toBe(0);
    // Nothing is left behind: the export's connection answers the next download at once.
    const again = await finance.get(exportPath);
    expect(again.statusCode).toBe(200);
  });
});

/** The first chunk a reader gets from `body`. */
function firstChunk(body: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    body.once('error', reject);
    body.once('data', (chunk: Buffer) => {
      body.pause();
      resolve(chunk);
    });
  });
}
