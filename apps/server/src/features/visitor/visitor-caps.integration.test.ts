import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { VISITOR_COOKIE, visitorResponseSchema } from '@kippu/contract';
import { setupTestApp, xsrfHeaders, type TestContext } from '../../../test/helper.ts';
import { heldOf, orderBody, productWithSlot, SITE_PATH } from '../../../test/order-support.ts';
import { ADDRESS_RATE_CEILING } from '../../plugins/address-rate-ceiling.ts';
import {
  isExemptFromVisitorLimits,
  markExemptFromVisitorLimits,
  newVisitorCookie,
  verifiedVisitorId,
} from '../../plugins/visitor-id.ts';

/** The DEMO site's caps: per client (a visitor, or an address's cookieless share) and per address. */
async function setCaps(
  ctx: TestContext,
  client: [number | null, number | null],
  address: [number | null, number | null] = [100, 400],
) {
  await ctx.db.$client.query(
    `UPDATE sites SET max_open_orders_per_client = $1, max_tickets_per_client_slot = $2,
                      max_open_orders_per_address = $3, max_tickets_per_address_slot = $4
     WHERE code = 'DEMO'`,
    [...client, ...address],
  );
}

/** The visitor cookie (`name=value`) a Set-Cookie header sets, or undefined. */
function visitorCookieOf(setCookie: string | string[] | undefined): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.find((c) => c.startsWith(`${VISITOR_COOKIE}=`));
}

/** A browser's first call (GET /visitor) from `address`: answers the cookie it was given. */
async function newVisitor(ctx: TestContext, address: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/visitor`, remoteAddress: address });
  const cookie = visitorCookieOf(res.headers['set-cookie']);
  expect(cookie).toBeDefined();
  return cookie!.split(';')[0]!;
}

/** POST /orders from `address`, with the visitor cookie `visitor` (`name=value`) or none (''). */
function hold(ctx: TestContext, payload: object, address: string, visitor: string) {
  const xsrf = xsrfHeaders();
  return ctx.app.inject({
    method: 'POST',
    url: `${SITE_PATH}/orders`,
    headers: { ...xsrf, cookie: visitor ? `${xsrf.cookie}; ${visitor}` : xsrf.cookie },
    remoteAddress: address,
    payload,
  });
}

describe('hold caps per visitor, not per address (ADR 094, issue 31 acceptance 5)', () => {
  const ctx = setupTestApp();

  it('lets 50 visitors behind one address hold two tickets each', async () => {
    await setCaps(ctx, [5, 20]);
    const slot = await productWithSlot(ctx.db, 100);
    const hotel = '192.0.2.80';
    const visitors = await Promise.all(Array.from({ length: 50 }, () => newVisitor(ctx, hotel)));
    expect(new Set(visitors).size).toBe(50);
    const results = await Promise.all(
      visitors.map((visitor) => hold(ctx, orderBody(slot, 2), hotel, visitor)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    expect(await heldOf(ctx.db, slot.spanId)).toBe(100);
  });

  it('leaves a client that drops its cookies before every hold with at most 10 seats of 100', async () => {
    await setCaps(ctx, [5, 20]);
    const slot = await productWithSlot(ctx.db, 100);
    const dropper = '192.0.2.81';
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await hold(ctx, orderBody(slot, 2), dropper, '');
      statuses.push(res.statusCode);
      if (res.statusCode === 409) expect(res.json()).toEqual({ error: 'too many holds' });
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(25);
    expect(await heldOf(ctx.db, slot.spanId)).toBe(10);
    // Another visitor on that address, with a cookie, still holds.
    const neighbour = await newVisitor(ctx, dropper);
    expect((await hold(ctx, orderBody(slot, 2), dropper, neighbour)).statusCode).toBe(201);
  });

  it('stops a flood of fresh visitor ids from one address at the address ceiling', async () => {
    await setCaps(ctx, [5, 20], [10, 400]);
    const slot = await productWithSlot(ctx.db, 100);
    const flooder = '192.0.2.82';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (await hold(ctx, orderBody(slot, 1), flooder, await newVisitor(ctx, flooder))).statusCode,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(201), 409, 409]);
    expect(await heldOf(ctx.db, slot.spanId)).toBe(10);
    // Tickets too: a slot's ceiling per address.
    await setCaps(ctx, [5, 20], [null, 12]);
    const next = await productWithSlot(ctx.db, 100);
    for (let i = 0; i < 3; i++) {
      expect((await hold(ctx, orderBody(next, 4), flooder, await newVisitor(ctx, flooder))).statusCode).toBe(
        201,
      );
    }
    expect((await hold(ctx, orderBody(next, 1), flooder, await newVisitor(ctx, flooder))).statusCode).toBe(
      409,
    );
  });

  it('counts a forged or altered visitor id as none (under the address)', async () => {
    await setCaps(ctx, [1, null]);
    const slot = await productWithSlot(ctx.db, 100);
    const address = '192.0.2.83';
    expect((await hold(ctx, orderBody(slot, 1), address, '')).statusCode).toBe(201);
    const real = await newVisitor(ctx, address);
    const value = real.slice(VISITOR_COOKIE.length + 1);
    const [id, tag] = value.split('.') as [string, string];
    const altered = `${VISITOR_COOKIE}=${id}.${tag.startsWith('A') ? 'B' : 'A'}${tag.slice(1)}`;
    const otherId = `${VISITOR_COOKIE}=${id.startsWith('A') ? 'B' : 'A'}${id.slice(1)}.${tag}`;
    const unsigned = `${VISITOR_COOKIE}=${id}`;
    const foreign = `${VISITOR_COOKIE}=${newVisitorCookie('another-secret-0123456789-abcdefghijkl')}`;
    for (const forged of [altered, otherId, unsigned, foreign]) {
      const refused = await hold(ctx, orderBody(slot, 1), address, forged);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: 'too many holds' });
    }
    expect((await hold(ctx, orderBody(slot, 1), address, real)).statusCode).toBe(201);
    // Stored as a visitor's key, never the cookie's id.
    const { rows } = await ctx.db.$client.query<{ client_key: string; address_key: string }>(
      `SELECT client_key, address_key FROM orders WHERE time_span_id = $1 ORDER BY id`,
      [slot.spanId],
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]!.client_key).toBe(rows[0]!.address_key);
    expect(rows[1]!.client_key).toMatch(/^v\./);
    expect(rows[1]!.client_key).not.toContain(id);
    expect(rows[1]!.address_key).toBe(rows[0]!.address_key);
  });

  it('verifies ids signed under APP_SECRET_PREVIOUS, and nothing else', () => {
    const old = 'previous-secret-0123456789-abcdefghijkl';
    const cookie = newVisitorCookie(old);
    expect(verifiedVisitorId(cookie, ['current-secret-0123456789-abcdefghijkl'])).toBeNull();
    expect(verifiedVisitorId(cookie, ['current-secret-0123456789-abcdefghijkl', old])).toBe(
      cookie.split('.')[0],
    );
    expect(verifiedVisitorId(`${cookie}x`, [old])).toBeNull();
    expect(verifiedVisitorId(undefined, [old])).toBeNull();
  });
});

describe('the visitor cookie rides only on no-store answers', () => {
  const ctx = setupTestApp();

  it('sets an HttpOnly, SameSite=Lax cookie on GET /visitor (no-store), once', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/visitor` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(visitorResponseSchema.parse(first.json())).toEqual({ known: false });
    const setCookie = visitorCookieOf(first.headers['set-cookie'])!;
    expect(setCookie).toMatch(/^kippu_visitor=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    const again = await ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/visitor`,
      headers: { cookie: setCookie.split(';')[0]! },
    });
    expect(again.json()).toEqual({ known: true });
    expect(visitorCookieOf(again.headers['set-cookie'])).toBeUndefined();
  });

  it('never sets it on a public answer, nor on the page', async () => {
    const config = await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/configurations` });
    expect(config.statusCode).toBe(200);
    expect(String(config.headers['cache-control'])).toMatch(/public/);
    expect(visitorCookieOf(config.headers['set-cookie'])).toBeUndefined();
    const page = await ctx.app.inject({ method: 'GET', url: '/demo/' });
    expect(String(page.headers['cache-control'] ?? '')).not.toMatch(/no-store/);
    expect(visitorCookieOf(page.headers['set-cookie'])).toBeUndefined();
  });
});

describe('rate limit per visitor (ADR 094)', () => {
  const ctx = setupTestApp();

  it("refuses one visitor's 31st order call in a minute; another visitor on the same address still calls", async () => {
    const address = '192.0.2.90';
    const one = await newVisitor(ctx, address);
    for (let i = 0; i < 30; i++) {
      expect((await hold(ctx, { lang: 'en' }, address, one)).statusCode).toBe(400);
    }
    expect((await hold(ctx, { lang: 'en' }, address, one)).statusCode).toBe(429);
    const other = await newVisitor(ctx, address);
    expect((await hold(ctx, { lang: 'en' }, address, other)).statusCode).toBe(400);
    // Without a cookie the address is the client: its own budget, apart from the visitors'.
    expect((await hold(ctx, { lang: 'en' }, address, '')).statusCode).toBe(400);
  });

  it('stops fresh visitor ids from one address at the address ceiling (10 budgets a minute)', async () => {
    const address = '192.0.2.91';
    const fresh = () => `${VISITOR_COOKIE}=${newVisitorCookie(ctx.env.APP_SECRET)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 30 * ADDRESS_RATE_CEILING; i++) {
      statuses.push((await hold(ctx, { lang: 'en' }, address, fresh())).statusCode);
    }
    expect(statuses.every((status) => status === 400)).toBe(true);
    const refused = await hold(ctx, { lang: 'en' }, address, fresh());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'too many requests' });
    // Another address is not touched.
    expect((await hold(ctx, { lang: 'en' }, '192.0.2.92', fresh())).statusCode).toBe(400);
  });
});

describe('exempt from visitor limits: staff, kiosks, partners', () => {
  const request = (init: { url?: string; cookies?: Record<string, string>; body?: unknown }) =>
    ({
      routeOptions: { url: init.url ?? '/:slug/api/v1/orders' },
      cookies: init.cookies ?? {},
      body: init.body,
    }) as unknown as FastifyRequest;

  it('exempts the console and the partner API, a kiosk tablet and a marked principal; never a visitor', () => {
    expect(isExemptFromVisitorLimits(request({ url: '/console/api/v1/sites/:site/box-office/sales' }))).toBe(
      true,
    );
    expect(isExemptFromVisitorLimits(request({ url: '/partner/api/v1/bookings' }))).toBe(true);
    expect(
      isExemptFromVisitorLimits(request({ cookies: { kippu_kiosk: 'KG1-X' }, body: { channel: 'kiosk' } })),
    ).toBe(true);
    // A kiosk cookie on a web order is a visitor's order.
    expect(
      isExemptFromVisitorLimits(request({ cookies: { kippu_kiosk: 'KG1-X' }, body: { channel: 'web' } })),
    ).toBe(false);
    expect(isExemptFromVisitorLimits(request({ body: { channel: 'kiosk' } }))).toBe(false);
    expect(isExemptFromVisitorLimits(request({}))).toBe(false);
    const staff = request({});
    markExemptFromVisitorLimits(staff, 'staff');
    expect(isExemptFromVisitorLimits(staff)).toBe(true);
  });
});
