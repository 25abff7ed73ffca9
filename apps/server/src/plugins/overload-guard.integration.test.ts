import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { setupTestApp, visitorAddress, xsrfHeaders } from '../../test/helper.ts';
import { orderBody, productWithSlot, SITE_PATH } from '../../test/order-support.ts';
import { DEFAULT_OVERLOAD_LIMITS, startLoadSignals } from './overload-guard.ts';

/**
 * The guard runs in Node's request handler in front of Fastify (app.inject does not go through it), so
 * these tests speak real HTTP to a listening app whose load signals they set.
 */
describe('overload protection (ADR 034, 055)', () => {
  const ctx = setupTestApp();
  const load = { lag: 0, waiting: 0 };
  const limits = { readInFlight: 4, writeInFlight: 6 };
  let app: App;
  let base = '';

  beforeAll(async () => {
    app = await buildApp({
      // Each hold as another visitor behind the proxy, as in production: the hold caps count per client.
      env: { ...ctx.env, TRUST_PROXY: ['loopback'] },
      db: ctx.db,
      webDistDir: '/nonexistent/',
      overload: { limits, signals: { lagMs: () => load.lag, poolWaiting: () => load.waiting } },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await app.close();
  });

  const read = () => fetch(`${base}${SITE_PATH}/langs`);
  const hold = (slot: Awaited<ReturnType<typeof productWithSlot>>) =>
    fetch(`${base}${SITE_PATH}/orders`, {
      method: 'POST',
      headers: { ...xsrfHeaders(), 'content-type': 'application/json', 'x-forwarded-for': visitorAddress() },
      body: JSON.stringify(orderBody(slot, 1)),
    });
  const heldOn = async (spanId: number) =>
    (await ctx.db.$client.query('SELECT held FROM time_spans WHERE id = $1', [spanId])).rows[0].held;

  it('answers normally when the process keeps up', async () => {
    Object.assign(load, { lag: 0, waiting: 0 });
    expect((await read()).status).toBe(200);
  });

  it('refuses reads first with a fast 503 and Retry-After while holds still go through', async () => {
    Object.assign(load, { lag: DEFAULT_OVERLOAD_LIMITS.readLagMs + 10, waiting: 0 });
    const refused = await read();
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ error: 'server busy' });
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    // The router decodes the path: an encoded API path is the API too, and no way around the guard.
    const encoded = await fetch(`${base}${SITE_PATH.replace('/api/', '/%61pi/')}/langs`);
    expect(encoded.status).toBe(503);
    const slot = await productWithSlot(ctx.db, 5);
    expect((await hold(slot)).status).toBe(201);
  });

  it("lets only the waiting room's parked long polls past uncounted; joins and plain reads are shed (ADR 095)", async () => {
    Object.assign(load, { lag: DEFAULT_OVERLOAD_LIMITS.writeLagMs + 10, waiting: 0 });
    const slot = await productWithSlot(ctx.db, 5);
    expect((await hold(slot)).status).toBe(503);
    const status = await fetch(`${base}${SITE_PATH}/waiting-room/status?product_uuid=${slot.uuid}`);
    expect(status.status).toBe(503);
    const join = await fetch(`${base}${SITE_PATH}/waiting-room/entries`, {
      method: 'POST',
      headers: { ...xsrfHeaders(), 'content-type': 'application/json', 'x-forwarded-for': visitorAddress() },
      body: JSON.stringify({ product_uuid: slot.uuid }),
    });
    expect(join.status).toBe(503);
    expect(join.headers.get('retry-after')).toBe('1');
    const entry = `${base}${SITE_PATH}/waiting-room/entries/current?product_id=${slot.id}`;
    // A plain read queries the database: shed. A parked poll passes (and, with no place, answers 404).
    expect((await fetch(entry)).status).toBe(503);
    expect((await fetch(`${entry}&wait=1`)).status).toBe(404);
    // Only the room's own route: a path that merely mentions it is shed like any other read.
    expect((await fetch(`${base}${SITE_PATH}/langs?x=waiting-room/&wait=1`)).status).toBe(503);
  });

  it('refuses reads when queries queue for a connection, holds keep going', async () => {
    Object.assign(load, { lag: 0, waiting: DEFAULT_OVERLOAD_LIMITS.readPoolWaiting + 1 });
    expect((await read()).status).toBe(503);
    const slot = await productWithSlot(ctx.db, 5);
    expect((await hold(slot)).status).toBe(201);
  });

  it('refuses holds too far past the point where reads are refused, before taking any stock', async () => {
    Object.assign(load, { lag: DEFAULT_OVERLOAD_LIMITS.writeLagMs + 10, waiting: 0 });
    const slot = await productWithSlot(ctx.db, 5);
    const refused = await hold(slot);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await heldOn(slot.spanId)).toBe(0);
    Object.assign(load, { lag: 0, waiting: 0 });
    expect((await hold(slot)).status).toBe(201);
  });

  /** A held order whose confirmation mail was sent (inject: in front of no guard); answers the mailed token. */
  async function mailedLink(): Promise<string> {
    const slot = await productWithSlot(ctx.db, 5);
    const held = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/orders`,
      headers: xsrfHeaders(),
      remoteAddress: visitorAddress(),
      payload: orderBody(slot, 1),
    });
    const order = held.json<{ order_token: string }>().order_token;
    const customerInfo = [
      { key: 'fullname', value: 'Hanako Yamada' },
      { key: 'email', value: 'hanako@example.jp' },
    ];
    for (const [method, url, payload] of [
      ['PUT', `${SITE_PATH}/orders/${order}`, { customer_info: customerInfo }],
      ['POST', `${SITE_PATH}/ordermails/${order}`, { lang: 'en' }],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        headers: xsrfHeaders(),
        remoteAddress: visitorAddress(),
        payload,
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    const { rows } = await ctx.db.$client.query(
      `SELECT payload->>'confirmUrl' AS url FROM mail_outbox WHERE kind = 'mail_confirmation' ORDER BY id DESC LIMIT 1`,
    );
    return new URLSearchParams(String(rows[0].url).split('?').pop()).get('token')!;
  }

  it('classifies by what a call does: following a mailed link is admitted as a write while reads are shed (issue 24)', async () => {
    const first = await mailedLink();
    const second = await mailedLink();
    const third = await mailedLink();
    Object.assign(load, { lag: DEFAULT_OVERLOAD_LIMITS.readLagMs + 10, waiting: 0 });
    expect((await read()).status).toBe(503);
    // A GET, and yet it confirms the mail and readies the order: it goes through as a hold would.
    const followed = await fetch(`${base}${SITE_PATH}/ordermails/${first}`);
    expect(followed.status).toBe(200);
    expect(await followed.json()).toHaveProperty('order_token');
    // However the path is spelt to the router: a tickets sub-site's folder, percent-encoding.
    expect((await fetch(`${base}/demo/tickets/api/v1/ordermails/${second}`)).status).toBe(200);
    expect((await fetch(`${base}${SITE_PATH}/orderm%61ils/${third}`)).status).toBe(200);
    // Other reads of the same shape stay reads.
    expect((await fetch(`${base}${SITE_PATH}/orders/${first}`)).status).toBe(503);
    // Past the writes' limit it is refused as a write is.
    Object.assign(load, { lag: DEFAULT_OVERLOAD_LIMITS.writeLagMs + 10, waiting: 0 });
    expect((await fetch(`${base}${SITE_PATH}/ordermails/${first}`)).status).toBe(503);
    Object.assign(load, { lag: 0, waiting: 0 });
  });

  it('leaves gateway returns alone even when their query is percent-encoded', async () => {
    Object.assign(load, { lag: DEFAULT_OVERLOAD_LIMITS.writeLagMs + 10, waiting: 0 });
    const back = await fetch(`${base}/payment-return/gmo_paypay/NoSuchPayment1?OrderID=a%2Db`, {
      redirect: 'manual',
    });
    expect(back.status).not.toBe(503);
    Object.assign(load, { lag: 0, waiting: 0 });
  });

  it('bounds the requests in flight: past the read limit reads are refused, holds only past the write limit', async () => {
    Object.assign(load, { lag: 0, waiting: 0 });
    // Requests in flight: the pool is made to wait by locking the slot's row, so holds stay in flight.
    const slot = await productWithSlot(ctx.db, 100);
    const blocker = await ctx.db.$client.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT id FROM time_spans WHERE id = $1 FOR UPDATE', [slot.spanId]);
      const stuck = Array.from({ length: limits.readInFlight }, () => hold(slot));
      await expect.poll(readIsRefused, { timeout: 5000 }).toBe(true);
      // At the read limit: reads are refused, holds are still let in.
      const admitted = Array.from({ length: limits.writeInFlight - limits.readInFlight }, () => hold(slot));
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Now at the write limit: a hold is refused without touching stock.
      const refused = await hold(slot);
      expect(refused.status).toBe(503);
      await blocker.query('COMMIT');
      const answers = await Promise.all([...stuck, ...admitted]);
      expect(answers.map((answer) => answer.status)).toEqual(
        Array.from({ length: limits.writeInFlight }, () => 201),
      );
      expect(await heldOn(slot.spanId)).toBe(limits.writeInFlight);
      expect((await read()).status).toBe(200);
    } finally {
      blocker.release();
    }
  });

  /** True once the app holds as many API requests in flight as the read limit. */
  async function readIsRefused(): Promise<boolean> {
    return (await read()).status === 503;
  }

  it('measures a blocked event loop as delay', async () => {
    const signals = startLoadSignals({ waitingCount: 3 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const until = performance.now() + 120;
      while (performance.now() < until) {
        // Block the loop as a burst of CPU work would.
      }
      expect(signals.lagMs()).toBeGreaterThan(DEFAULT_OVERLOAD_LIMITS.readLagMs);
      expect(signals.poolWaiting()).toBe(3);
    } finally {
      signals.stop();
    }
  });
});

/** Keeps the event loop busy, as start-up work or a burst of CPU work does. */
function blockEventLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Busy.
  }
}

interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  afterSending?: () => void;
}

/**
 * A request on a socket of its own; `afterSending` runs once the request is in the kernel, before the server
 * can read it (a loop blocked there delays the request the way it delays a visitor's). Answers the status.
 */
async function rawRequest(
  port: number,
  path: string,
  { method = 'GET', headers = {}, body = '', afterSending }: RawRequest = {},
): Promise<number> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const head = Object.entries({
    host: `127.0.0.1:${port}`,
    connection: 'close',
    'content-length': String(Buffer.byteLength(body)),
    ...headers,
  }).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.write(`${method} ${path} HTTP/1.1\r\n${head.join('')}\r\n${body}`);
  afterSending?.();
  socket.setEncoding('latin1');
  let answer = '';
  for await (const chunk of socket) answer += chunk;
  return Number(answer.split(' ')[1]);
}

/**
 * The measured event-loop delay, not a stand-in: the delay of the work before the server listens
 * (migrations, seeding, module loading) and of a short warm-up right after it is not load, and must not
 * shed the first visitors after a deploy or a restart; the in-flight limits hold from the first request.
 */
describe('overload protection right after the server starts (ADR 055, warm-up)', () => {
  const ctx = setupTestApp();
  const read = (port: number, afterSending?: () => void) =>
    rawRequest(port, `${SITE_PATH}/langs`, { afterSending });
  const started: App[] = [];

  /** Builds a guarded app on the measured signals, runs its start-up work, and listens. */
  async function start(startUp: () => void, limits = {}): Promise<{ app: App; port: number }> {
    const app = await buildApp({
      env: ctx.env,
      db: ctx.db,
      webDistDir: '/nonexistent/',
      overload: { limits },
    });
    started.push(app);
    await app.ready();
    startUp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    return { app, port: typeof address === 'object' && address ? address.port : 0 };
  }
  afterAll(async () => {
    for (const app of started) await app.close();
  });

  it('answers the first read after a start whose work held the event loop past the read delay limit', async () => {
    const { port } = await start(() => blockEventLoop(5 * DEFAULT_OVERLOAD_LIMITS.readLagMs));
    expect(await read(port)).toBe(200);
  });

  it('still refuses reads when the event loop is held past the limit once the warm-up is over', async () => {
    const { port } = await start(() => undefined);
    expect(await read(port)).toBe(200);
    // Well past the warm-up (the first measurement after listening).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const held = await read(port, () => blockEventLoop(3 * DEFAULT_OVERLOAD_LIMITS.readLagMs));
    expect(held).toBe(503);
    // The delay decays once the loop keeps up again.
    await expect.poll(() => read(port), { timeout: 5000 }).toBe(200);
  });

  it('bounds the requests in flight from the first request after a start', async () => {
    const { port } = await start(() => blockEventLoop(5 * DEFAULT_OVERLOAD_LIMITS.readLagMs), {
      readInFlight: 1,
    });
    const slot = await productWithSlot(ctx.db, 5);
    const blocker = await ctx.db.$client.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT id FROM time_spans WHERE id = $1 FOR UPDATE', [slot.spanId]);
      // A hold waits for the locked row: one API request in flight, the read limit.
      const stuck = rawRequest(port, `${SITE_PATH}/orders`, {
        method: 'POST',
        headers: { ...xsrfHeaders(), 'content-type': 'application/json' },
        body: JSON.stringify(orderBody(slot, 1)),
      });
      await expect.poll(() => read(port), { timeout: 5000 }).toBe(503);
      await blocker.query('COMMIT');
      expect(await stuck).toBe(201);
      expect(await read(port)).toBe(200);
    } finally {
      blocker.release();
    }
  });
});
