import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReceiptResponse, TemporaryOrder } from '@kippu/contract';
import { setupTestApp, visitorAddress, xsrfHeaders } from '../../../test/helper.ts';
import { SITE_PATH, orderBody, postOrder, productWithSlot } from '../../../test/order-support.ts';
import { paymentsOf, payWithCard, readyOrder, type Slot } from '../../../test/checkout-support.ts';
import { importMembers } from '../../domain/membership/import-members.ts';
import { DEMO_MEMBER } from '../../seed/demo-members.ts';
import { LOGIN_PER_ACCOUNT, LOGIN_PER_CLIENT } from './routes.ts';

const ctx = setupTestApp();

const MEMBER = { email: 'friend@example.jp', password: 'correct horse battery', name: 'Taro Friend' };

function login(token: string, body: unknown, path = SITE_PATH, remoteAddress = visitorAddress()) {
  return ctx.app.inject({
    method: 'POST',
    url: `${path}/membership/login/${token}`,
    headers: xsrfHeaders(),
    remoteAddress,
    payload: body as object,
  });
}

const getOrder = (token: string) => ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/orders/${token}` });

async function heldOrder(slot: Slot, quantity = 2, path = SITE_PATH): Promise<string> {
  const held = await postOrder(ctx.app, orderBody(slot, quantity), path);
  expect(held.statusCode).toBe(201);
  return held.json<{ order_token: string }>().order_token;
}

describe('membership login', () => {
  let slot: Slot;
  beforeAll(async () => {
    // DEMO plays the membership site here (the seeded one is ARTIZON): its test helpers pay with the simulator.
    await ctx.db.execute(sql`UPDATE sites SET settings = jsonb_set(settings, '{isUseMembershipLogin}', 'true')
                             WHERE code = 'DEMO'`);
    await ctx.db.execute(sql`INSERT INTO membership_promotions (site_code, names, discount_percent)
      VALUES ('DEMO', ${JSON.stringify({ ja: '友の会', en: 'Friends', 'zh-hans': 'F', kr: 'F', 'zh-hant': 'F', th: 'F' })}::jsonb, 20)`);
    await importMembers(
      ctx.db,
      'DEMO',
      [{ ...MEMBER, residentArea: 'tokyo', phone: '0311112222', age: '30-39', gender: 'male' }],
      {
        update: false,
      },
    );
    // Prices 3,000 and 1,000: two adult tickets gross 6,000, a 20 % member discount of 1,200.
    slot = await productWithSlot(ctx.db, 50);
  });

  it('stores only a scrypt hash of the password', async () => {
    const { rows } = await ctx.db.execute<{ password_hash: string }>(
      sql`SELECT password_hash FROM members WHERE site_code = 'DEMO' AND email = ${MEMBER.email}`,
    );
    expect(rows[0]!.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]{44}$/);
    expect(rows[0]!.password_hash).not.toContain(MEMBER.password);
  });

  it('a wrong password or unknown address answers membership login failed and ties nobody', async () => {
    const token = await heldOrder(slot);
    for (const body of [
      { email: MEMBER.email, password: 'wrong password' },
      { email: 'nobody@example.jp', password: MEMBER.password },
    ]) {
      const res = await login(token, body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'membership login failed' });
    }
    const info = await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/membership/${token}` });
    expect(info.statusCode).toBe(502);
    expect(info.json()).toEqual({ error: 'membership retrieval failure' });
    expect((await getOrder(token)).json<TemporaryOrder>()).toMatchObject({
      price: 6000,
      membership_promotion: null,
    });
  });

  it('the right password ties the member: info pre-fills sign-in, the member price is in the order', async () => {
    const token = await heldOrder(slot);
    // Case and spaces of the address do not matter.
    const res = await login(token, { email: '  Friend@Example.JP ', password: MEMBER.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true });
    const info = await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/membership/${token}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      name: 'Taro Friend',
      resident_area: 'tokyo',
      email: 'friend@example.jp',
      phone: '0311112222',
      age: '30-39',
      gender: 'male',
    });
    expect((await getOrder(token)).json<TemporaryOrder>()).toMatchObject({
      price: 4800,
      membership_promotion: { name: 'Friends', membership_discount: 1200 },
    });
  });

  it('the member price is what checkout charges and what the receipt shows', async () => {
    const order = await readyOrder(ctx.app, ctx.db, slot, 2, 'member-receipt@example.jp');
    expect((await login(order.token, MEMBER)).statusCode).toBe(200);
    const paid = await payWithCard(ctx.app, order.token);
    expect(paid.json()).toMatchObject({ status: 'reserved' });
    expect((await paymentsOf(ctx.db, order.id)).map((p) => [p.status, p.amount])).toEqual([
      ['confirmed', 4800],
    ]);
    const receipt = await ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/receipts/${paid.json<{ reservation_token: string }>().reservation_token}?lang=en`,
    });
    expect(receipt.json<ReceiptResponse>()).toMatchObject({ subtotal: 6000, discount: 1200, total: 4800 });
    // Paid, the order no longer reads out its member: the web asks only right after the login.
    const info = await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/membership/${order.token}` });
    expect(info.statusCode).toBe(409);
    expect(info.json()).toEqual({ error: 'order status must be ready_checkout' });
  });

  it('limits guesses per account across clients, then refuses even the right password', async () => {
    await importMembers(ctx.db, 'DEMO', [{ ...MEMBER, email: 'target@example.jp' }], { update: false });
    const token = await heldOrder(slot);
    const statuses: number[] = [];
    // Every guess from a different client address: only the per-account budget can stop them.
    for (let i = 0; i < LOGIN_PER_ACCOUNT.max; i += 1)
      statuses.push((await login(token, { email: 'target@example.jp', password: `guess ${i}` })).statusCode);
    expect(statuses).toEqual(Array(LOGIN_PER_ACCOUNT.max).fill(401));
    const blocked = await login(token, { email: 'target@example.jp', password: MEMBER.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: 'too many requests' });
    // Another member is not locked out by it.
    expect((await login(token, MEMBER)).statusCode).toBe(200);
  });

  it('limits guesses per client across accounts', async () => {
    const token = await heldOrder(slot);
    const address = visitorAddress();
    const statuses = await Promise.all(
      Array.from({ length: LOGIN_PER_CLIENT.max + 2 }, (_, i) =>
        login(token, { email: `someone-${i}@example.jp`, password: 'password' }, SITE_PATH, address).then(
          (r) => r.statusCode,
        ),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_PER_CLIENT.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
  });

  it('bad input is a 400, never a 5xx', async () => {
    const token = await heldOrder(slot);
    for (const body of [
      {},
      { email: 'a@b.jp' },
      { email: 'a@b.jp', password: '' },
      { email: 'x\u0000@b.jp', password: 'p' },
    ]) {
      const res = await login(token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid request' });
    }
    expect((await login('not-a-token!', MEMBER)).statusCode).toBe(400);
  });
});

describe('membership login on other sites', () => {
  it('the seeded ARTIZON demo member logs in there', async () => {
    const artizon = await productWithSlot(ctx.db, 10, { site: 'ARTIZON' } as never);
    const token = await heldOrder(artizon, 1, '/artizon/api/v1');
    const res = await login(
      token,
      { email: DEMO_MEMBER.email, password: DEMO_MEMBER.password },
      '/artizon/api/v1',
    );
    expect(res.statusCode).toBe(200);
    const order = await ctx.app.inject({ method: 'GET', url: `/artizon/api/v1/orders/${token}` });
    expect(order.json<TemporaryOrder>().membership_promotion).toMatchObject({ membership_discount: 600 });
  });

  it('is not reachable on a site without isUseMembershipLogin', async () => {
    const other = await productWithSlot(ctx.db, 10, { site: 'BORDERLESS' } as never);
    const token = await heldOrder(other, 1, '/borderless/api/v1');
    await importMembers(ctx.db, 'BORDERLESS', [MEMBER], { update: false });
    const res = await login(token, MEMBER, '/borderless/api/v1');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'record not found' });
    const info = await ctx.app.inject({ method: 'GET', url: `/borderless/api/v1/membership/${token}` });
    expect(info.statusCode).toBe(404);
  });
});
