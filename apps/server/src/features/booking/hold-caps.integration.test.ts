import { describe, expect, it } from 'vitest';
import { setupTestApp, xsrfHeaders, type TestContext } from '../../../test/helper.ts';
import { heldOf, orderBody, postOrder, productWithSlot, SITE_PATH } from '../../../test/order-support.ts';

/** The DEMO site's hold caps, set by each test that depends on them. */
async function setCaps(ctx: TestContext, openOrders: number | null, ticketsPerSlot: number | null) {
  await ctx.db.$client.query(
    `UPDATE sites SET max_open_orders_per_client = $1, max_tickets_per_client_slot = $2 WHERE code = 'DEMO'`,
    [openOrders, ticketsPerSlot],
  );
}

function cancel(ctx: TestContext, token: string) {
  return ctx.app.inject({ method: 'DELETE', url: `${SITE_PATH}/orders/${token}`, headers: xsrfHeaders() });
}

describe('hold caps: one client cannot hoard a slot', () => {
  const ctx = setupTestApp();

  it('caps every site at 5 open orders and 20 tickets a slot per client unless it says otherwise', async () => {
    const { rows } = await ctx.db.$client.query<{ bad: number }>(
      `SELECT count(*)::int AS bad FROM sites
       WHERE max_open_orders_per_client IS DISTINCT FROM 5 OR max_tickets_per_client_slot IS DISTINCT FROM 20`,
    );
    expect(rows[0]!.bad).toBe(0);
  });

  it("refuses a client's sixth open order with too many holds; other clients still buy", async () => {
    await setCaps(ctx, 5, 20);
    const slot = await productWithSlot(ctx.db, 200);
    const other = await productWithSlot(ctx.db, 200);
    const client = '192.0.2.10';
    for (let i = 0; i < 5; i++) {
      expect((await postOrder(ctx.app, orderBody(slot, 1), SITE_PATH, client)).statusCode).toBe(201);
    }
    for (const target of [slot, other]) {
      const refused = await postOrder(ctx.app, orderBody(target, 1), SITE_PATH, client);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: 'too many holds' });
    }
    expect((await postOrder(ctx.app, orderBody(slot, 1), SITE_PATH, '192.0.2.11')).statusCode).toBe(201);
    expect(await heldOf(ctx.db, slot.spanId)).toBe(6);
    expect(await heldOf(ctx.db, other.spanId)).toBe(0);
  });

  it('caps the tickets one client holds in one slot, not in the next slot', async () => {
    await setCaps(ctx, 5, 20);
    const slot = await productWithSlot(ctx.db, 200);
    const next = await productWithSlot(ctx.db, 200);
    const client = '192.0.2.20';
    for (let i = 0; i < 2; i++) {
      expect((await postOrder(ctx.app, orderBody(slot, 10), SITE_PATH, client)).statusCode).toBe(201);
    }
    const refused = await postOrder(ctx.app, orderBody(slot, 1), SITE_PATH, client);
    expect(refused.json()).toEqual({ error: 'too many holds' });
    expect((await postOrder(ctx.app, orderBody(next, 10), SITE_PATH, client)).statusCode).toBe(201);
    expect(await heldOf(ctx.db, slot.spanId)).toBe(20);
  });

  it('gives the cap back when the client cancels an order', async () => {
    await setCaps(ctx, 2, null);
    const slot = await productWithSlot(ctx.db, 200);
    const client = '192.0.2.30';
    const first = await postOrder(ctx.app, orderBody(slot, 1), SITE_PATH, client);
    await postOrder(ctx.app, orderBody(slot, 1), SITE_PATH, client);
    expect((await postOrder(ctx.app, orderBody(slot, 1), SITE_PATH, client)).statusCode).toBe(409);
    expect((await cancel(ctx, first.json().order_token)).statusCode).toBe(200);
    expect((await postOrder(ctx.app, orderBody(slot, 1), SITE_PATH, client)).statusCode).toBe(201);
  });

  it('stops a burst: 40 orders fired at once by one client on a 200-seat slot hold 5 orders', async () => {
    await setCaps(ctx, 5, 20);
    const slot = await productWithSlot(ctx.db, 200);
    const results = await Promise.all(
      Array.from({ length: 40 }, () => postOrder(ctx.app, orderBody(slot, 4), SITE_PATH, '192.0.2.40')),
    );
    const statuses = results.map((r) => r.statusCode);
    // 30 calls pass the rate limit (counted one by one, even when they arrive together), the other 10
    // are refused; of the 30, 5 orders are held (20 tickets: the fifth order of 4 fits exactly).
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(25);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(await heldOf(ctx.db, slot.spanId)).toBe(20);
  });

  it('forged X-Forwarded-For does not make a new client while TRUST_PROXY is off', async () => {
    await setCaps(ctx, 1, null);
    const slot = await productWithSlot(ctx.db, 200);
    const forged = (n: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `${SITE_PATH}/orders`,
        headers: { ...xsrfHeaders(), 'x-forwarded-for': `198.51.100.${n}` },
        remoteAddress: '192.0.2.50',
        payload: orderBody(slot, 1),
      });
    expect((await forged(1)).statusCode).toBe(201);
    expect((await forged(2)).json()).toEqual({ error: 'too many holds' });
  });

  it('holds without a cap on a site that sets none', async () => {
    await setCaps(ctx, null, null);
    const slot = await productWithSlot(ctx.db, 200);
    for (let i = 0; i < 8; i++) {
      expect((await postOrder(ctx.app, orderBody(slot, 10), SITE_PATH, '192.0.2.60')).statusCode).toBe(201);
    }
    expect(await heldOf(ctx.db, slot.spanId)).toBe(80);
  });
});

describe('rate limit on POST /orders', () => {
  const ctx = setupTestApp();

  it('refuses the 31st order call of one client within a minute, whatever the calls were', async () => {
    const client = '192.0.2.70';
    for (let i = 0; i < 30; i++) {
      expect((await postOrder(ctx.app, { lang: 'en' }, SITE_PATH, client)).statusCode).toBe(400);
    }
    const limited = await postOrder(ctx.app, { lang: 'en' }, SITE_PATH, client);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'too many requests' });
    expect((await postOrder(ctx.app, { lang: 'en' }, SITE_PATH, '192.0.2.71')).statusCode).toBe(400);
  });
});

describe('behind a trusted proxy (TRUST_PROXY set)', () => {
  const ctx = setupTestApp({ TRUST_PROXY: '192.0.2.1' });

  const viaProxy = (payload: object, forwardedFor: string, peer = '192.0.2.1') =>
    ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/orders`,
      headers: { ...xsrfHeaders(), 'x-forwarded-for': forwardedFor },
      remoteAddress: peer,
      payload,
    });

  it('counts the visitor the proxy names, and ignores the header from anyone else', async () => {
    await setCaps(ctx, 1, null);
    const slot = await productWithSlot(ctx.db, 200);
    // Two visitors behind the proxy: one order each.
    expect((await viaProxy(orderBody(slot, 1), '203.0.113.1')).statusCode).toBe(201);
    expect((await viaProxy(orderBody(slot, 1), '203.0.113.2')).statusCode).toBe(201);
    expect((await viaProxy(orderBody(slot, 1), '203.0.113.1')).json()).toEqual({ error: 'too many holds' });
    // A client reaching the server directly cannot pose as someone else.
    expect((await viaProxy(orderBody(slot, 1), '203.0.113.3', '192.0.2.99')).statusCode).toBe(201);
    expect((await viaProxy(orderBody(slot, 1), '203.0.113.4', '192.0.2.99')).statusCode).toBe(409);
  });
});
