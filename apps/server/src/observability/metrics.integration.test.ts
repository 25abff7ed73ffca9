import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { waitingRoomOf } from '../plugins/waiting-room-gate.ts';
import { setupTestApp, visitorAddress } from '../../test/helper.ts';
import { orderBody, postOrder, productWithSlot, SITE_PATH } from '../../test/order-support.ts';

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** One sample of the exposition text, by name and the labels it must have (others may be there too). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line === '') continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

/** Prometheus metrics (issue 31, ADR 099): who may read them, and that they name and count what happens. */
describe('GET /metrics', () => {
  const ctx = setupTestApp({ METRICS_TOKEN: TOKEN, METRICS_ALLOW: '192.0.2.0/24, 2001:db8::1' });
  const scrape = async (remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
    expect(answer.statusCode).toBe(200);
    return answer.body;
  };

  it('answers loopback, listed addresses and the bearer token', async () => {
    const loopback = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(loopback.statusCode).toBe(200);
    expect(loopback.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(loopback.headers['cache-control']).toBe('no-store');
    for (const remoteAddress of ['::1', '192.0.2.7', '::ffff:192.0.2.200', '2001:db8::1']) {
      expect((await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress })).statusCode).toBe(200);
    }
    const withToken = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '198.51.100.9',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(withToken.statusCode).toBe(200);
  });

  it('is a plain 404 to anyone else: another address, a wrong token, loopback through a proxy', async () => {
    const refusals = [
      { remoteAddress: '198.51.100.9' },
      { remoteAddress: '10.0.0.1', headers: { authorization: `Bearer ${TOKEN}x` } },
      { remoteAddress: '10.0.0.1', headers: { authorization: TOKEN } },
      // A reverse proxy on the same host forwards the internet from 127.0.0.1.
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.9' } },
    ];
    for (const request of refusals) {
      const answer = await ctx.app.inject({ method: 'GET', url: '/metrics', ...request });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ error: 'not found' });
      expect(answer.body).not.toContain('kippu_');
    }
  });

  it('behind a trusted proxy, judges the forwarded client: a listed address yes, anyone else no', async () => {
    const proxied = await buildApp({
      env: { ...ctx.env, TRUST_PROXY: ['loopback'] },
      db: ctx.db,
      webDistDir: '/nonexistent/',
    });
    try {
      const via = (client: string) =>
        proxied.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': client } });
      expect((await via('192.0.2.7')).statusCode).toBe(200);
      expect((await via('198.51.100.9')).statusCode).toBe(404);
      // Loopback named by a forwarded header is not the operator's own machine.
      expect((await via('127.0.0.1')).statusCode).toBe(404);
    } finally {
      await proxied.close();
    }
  });

  it('names every figure the operator needs', async () => {
    const text = await scrape();
    for (const name of [
      'kippu_http_request_duration_seconds',
      'kippu_refusals_total',
      'kippu_holds_total',
      'kippu_hold_refusals_total',
      'kippu_orders_open',
      'kippu_payments_in_flight',
      'kippu_payments_stuck',
      'kippu_mail_outbox_pending',
      'kippu_waiting_room_places',
      'kippu_waiting_room_admission_pace',
      'kippu_overload_shed_total',
      'kippu_api_in_flight',
      'kippu_db_pool_connections',
      'kippu_db_pool_waiting',
      'kippu_database_up',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    // Well-formed throughout: the process's part and the app's part join on a line break.
    const malformed = text
      .split('\n')
      .filter((line) => line !== '' && !/^# (HELP|TYPE) /.test(line))
      .filter((line) => !/^[a-zA-Z_:][\w:]*(\{.*\})? \S+$/.test(line));
    expect(malformed).toEqual([]);
    expect(sample(text, 'kippu_database_up')).toBe(1);
    // Every open state is a series from the first scrape on (an alert needs it to exist), 0 when none.
    for (const state of ['holding', 'ready_checkout', 'paying']) {
      expect(sample(text, 'kippu_orders_open', { state })).toBeGreaterThanOrEqual(0);
    }
    expect(sample(text, 'kippu_payments_in_flight', { state: 'pending' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'kippu_mail_outbox_pending')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'kippu_waiting_room_places', { state: 'waiting' })).toBeGreaterThanOrEqual(0);
    expect(
      sample(text, 'kippu_db_pool_connections', { pool: 'main', state: 'in_use' }),
    ).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'kippu_db_pool_waiting', { pool: 'main' })).toBe(0);
  });

  it('counts holds, refused holds, orders by state and requests by route pattern', async () => {
    const slot = await productWithSlot(ctx.db, 2);
    const before = await scrape();
    const route = { method: 'POST', route: '/:slug/api/v1/orders' };
    const held = (text: string) => sample(text, 'kippu_holds_total', { channel: 'web' }) ?? 0;
    const soldOut = (text: string) =>
      sample(text, 'kippu_hold_refusals_total', { reason: 'out_of_stock' }) ?? 0;
    const holding = (text: string) => sample(text, 'kippu_orders_open', { state: 'holding' }) ?? 0;
    const requests = (text: string, status: string) =>
      sample(text, 'kippu_http_request_duration_seconds_count', { ...route, status }) ?? 0;

    expect((await postOrder(ctx.app, orderBody(slot, 2))).statusCode).toBe(201);
    const refused = await postOrder(ctx.app, orderBody(slot, 1));
    expect(refused.statusCode).toBe(409);

    const after = await scrape();
    expect(held(after)).toBe(held(before) + 1);
    expect(soldOut(after)).toBe(soldOut(before) + 1);
    expect(sample(after, 'kippu_refusals_total', { reason: 'out_of_stock' })).toBeGreaterThanOrEqual(1);
    expect(holding(after)).toBe(holding(before) + 1);
    expect(requests(after, '201')).toBe(requests(before, '201') + 1);
    expect(requests(after, '409')).toBe(requests(before, '409') + 1);
    // The route's pattern, never the raw URL: a path a scanner tries adds no series of its own.
    await ctx.app.inject({ method: 'GET', url: '/demo/api/v1/no-such-thing-4711' });
    expect(await scrape()).not.toContain('no-such-thing-4711');
  });

  it("shows a waiting room's places and its admission pace while it is in force", async () => {
    const product = await productWithSlot(ctx.db, 10);
    await ctx.db.execute(sql`UPDATE products SET waiting_room_enabled = true WHERE id = ${product.id}`);
    waitingRoomOf(ctx.app).forgetInForce();
    const waiting = (text: string) => sample(text, 'kippu_waiting_room_places', { state: 'waiting' }) ?? 0;
    const before = await scrape();
    for (let i = 0; i < 3; i++) {
      const joined = await ctx.app.inject({
        method: 'POST',
        url: `${SITE_PATH}/waiting-room/entries`,
        headers: { cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' },
        remoteAddress: visitorAddress(),
        payload: { product_id: product.id },
      });
      expect(joined.statusCode).toBe(200);
    }
    // A run paced by its steps (ADR 133; tests step by hand with pacing off, so the pace is set here).
    await ctx.db.execute(sql`
      UPDATE waiting_room_queues SET admission_pace_milli = 250 WHERE product_id = ${product.id} AND ended_at IS NULL`);
    const during = await scrape();
    expect(waiting(during)).toBe(waiting(before) + 3);
    expect(sample(during, 'kippu_waiting_room_admission_pace', { product: String(product.id) })).toBe(0.25);
    // Switched off: the run ends at the next step, and its pace's series goes with it.
    await ctx.db.execute(sql`UPDATE products SET waiting_room_enabled = false WHERE id = ${product.id}`);
    await waitingRoomOf(ctx.app).tick();
    const after = await scrape();
    expect(
      sample(after, 'kippu_waiting_room_admission_pace', { product: String(product.id) }),
    ).toBeUndefined();
    expect(waiting(after)).toBe(waiting(before));
  });
});
