import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, xsrfHeaders } from '../../../test/helper.ts';
import { createCoupon, createProduct, everyLang } from '../../../test/factories.ts';
import { setProductLinks, setProducts } from '../../db/schema.ts';
import { SITE_PATH, heldOf, orderBody, postOrder, productWithSlot } from '../../../test/order-support.ts';

const HOUR = 3600 * 1000;

describe('POST /orders', () => {
  const ctx = setupTestApp();

  it('holds the stock and answers the token, expiry and price', async () => {
    const slot = await productWithSlot(ctx.db, 10, { prices: [3000, 1000] });
    const [setProduct] = await ctx.db
      .insert(setProducts)
      .values({
        uuid: randomUUID(),
        siteCode: 'DEMO',
        names: everyLang('Guide'),
        descriptions: everyLang('d'),
        price: 500,
      })
      .returning();
    await ctx.db.insert(setProductLinks).values({ setProductId: setProduct!.id, productId: slot.id });
    const { rows } = await ctx.db.$client.query<{ minutes: number }>(
      "SELECT COALESCE(hold_minutes, $1) AS minutes FROM sites WHERE code = 'DEMO'",
      [ctx.env.HOLD_MINUTES],
    );
    const before = Date.now();
    const res = await postOrder(
      ctx.app,
      orderBody(slot, 3, {
        option_values: [
          { option_value_id: slot.optionValueIds[0], quantity: 2 },
          { option_value_id: slot.optionValueIds[1], quantity: 1 },
        ],
        set_products: [{ set_product_uuid: setProduct!.uuid, quantity: 2 }],
      }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.order_token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.price).toBe(2 * 3000 + 1000 + 2 * 500);
    const expiresIn = new Date(body.expires_at).getTime() - before;
    expect(Math.abs(expiresIn - rows[0]!.minutes * 60_000)).toBeLessThan(10_000);
    expect(await heldOf(ctx.db, slot.spanId)).toBe(3);
    const order = await ctx.db.$client.query(
      'SELECT status, channel, quantity, price FROM orders WHERE order_token = $1',
      [body.order_token],
    );
    expect(order.rows[0]).toEqual({ status: 'holding', channel: 'web', quantity: 3, price: 8000 });
  });

  it('merges repeated options and ignores zero quantities', async () => {
    const slot = await productWithSlot(ctx.db, 10, { prices: [3000, 1000] });
    const res = await postOrder(
      ctx.app,
      orderBody(slot, 2, {
        option_values: [
          { option_value_id: slot.optionValueIds[0], quantity: 1 },
          { option_value_id: slot.optionValueIds[0], quantity: 1 },
          { option_value_id: slot.optionValueIds[1], quantity: 0 },
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().price).toBe(6000);
  });

  const refusals: [string, (s: Awaited<ReturnType<typeof productWithSlot>>) => unknown, number, string][] = [
    ['a body without fields', () => ({}), 400, 'invalid request'],
    ['a missing time span', (s) => ({ ...orderBody(s), time_span_id: undefined }), 400, 'invalid request'],
    ['a negative quantity', (s) => orderBody(s, -1), 400, 'invalid request'],
    ['an unknown language', (s) => orderBody(s, 1, { lang: 'xx' }), 400, 'invalid request'],
    [
      'a product uuid that is not a uuid',
      (s) => orderBody(s, 1, { product_uuid: 'abc' }),
      400,
      'invalid request',
    ],
    ['an unknown product', (s) => orderBody(s, 1, { product_uuid: randomUUID() }), 404, 'record not found'],
    ['an unknown time span', (s) => orderBody(s, 2, { time_span_id: 987654321 }), 404, 'record not found'],
    [
      'an unknown option value',
      (s) => orderBody(s, 1, { option_values: [{ option_value_id: 99999999, quantity: 1 }] }),
      400,
      'option_value_id not found',
    ],
    [
      'a quantity that differs from the options',
      (s) => orderBody(s, 2, { option_values: [{ option_value_id: s.optionValueIds[0], quantity: 1 }] }),
      400,
      'invalid request',
    ],
    [
      'only zero option quantities',
      (s) => orderBody(s, 1, { option_values: [{ option_value_id: s.optionValueIds[0], quantity: 0 }] }),
      400,
      'invalid request',
    ],
    ['more tickets than the product allows', (s) => orderBody(s, 5), 400, 'invalid request'],
    ['fewer tickets than the product needs', (s) => orderBody(s, 1), 400, 'invalid request'],
    [
      'a set product not linked to the product',
      (s) => orderBody(s, 2, { set_products: [{ set_product_uuid: randomUUID(), quantity: 1 }] }),
      404,
      'record not found',
    ],
  ];

  it.each(refusals)('refuses %s', async (_name, makeBody, status, error) => {
    const slot = await productWithSlot(ctx.db, 10, { minQuantity: 2, maxQuantity: 4 });
    const res = await postOrder(ctx.app, makeBody(slot));
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toBe(error);
    expect(await heldOf(ctx.db, slot.spanId)).toBe(0);
  });

  it('refuses malformed JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/orders`,
      headers: { ...xsrfHeaders(), 'content-type': 'application/json' },
      payload: '{"lang": "en",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid request' });
  });

  it("refuses another site's product as not found", async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const res = await postOrder(ctx.app, orderBody(slot), '/lab-exhibition/api/v1');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'record not found' });
  });

  it('refuses a time span of another product', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const other = await productWithSlot(ctx.db, 10);
    const res = await postOrder(ctx.app, orderBody(slot, 1, { time_span_id: other.spanId }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'record not found' });
    expect(await heldOf(ctx.db, other.spanId)).toBe(0);
  });

  it('refuses an option value of another product', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const other = await createProduct(ctx.db);
    const res = await postOrder(
      ctx.app,
      orderBody(slot, 1, { option_values: [{ option_value_id: other.optionValueIds[0], quantity: 1 }] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'option_value_id not found' });
  });

  it('refuses a product not sold on the web', async () => {
    const slot = await productWithSlot(ctx.db, 10, { channels: ['spot'] });
    const res = await postOrder(ctx.app, orderBody(slot));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid channel' });
  });

  // Issue 32 item 25: the console's channels (pos at the box office, OTA for partners) and the kiosk's (a paired
  // device only) never sell through the visitor API, whether the body names them or the product sells only there.
  it.each(['pos', 'kiosk', 'OTA', 'spot'] as const)(
    'refuses a web order on the %s channel, named or only offered there',
    async (channel) => {
      const webSlot = await productWithSlot(ctx.db, 10);
      const named = await postOrder(ctx.app, orderBody(webSlot, 1, { channel }));
      expect(named.statusCode).toBe(400);
      expect(named.json()).toEqual({ error: 'invalid channel' });
      const channelOnly = await productWithSlot(ctx.db, 10, { channels: [channel] });
      const offered = await postOrder(ctx.app, orderBody(channelOnly));
      expect(offered.statusCode).toBe(400);
      expect(offered.json()).toEqual({ error: 'invalid channel' });
      expect([await heldOf(ctx.db, webSlot.spanId), await heldOf(ctx.db, channelOnly.spanId)]).toEqual([
        0, 0,
      ]);
    },
  );

  const notOnSale: [string, Parameters<typeof productWithSlot>[2], Parameters<typeof productWithSlot>[3]][] =
    [
      ['before the sale window', { saleStartsAt: new Date(Date.now() + HOUR) }, {}],
      ['after the sale window', { saleEndsAt: new Date(Date.now() - HOUR) }, {}],
      ['a slot taken off sale', {}, { onSale: false }],
      ['a slot that has started', {}, { startsAt: new Date(Date.now() - 60_000) }],
    ];
  it.each(notOnSale)('refuses %s as not on sale', async (_name, product, span) => {
    const slot = await productWithSlot(ctx.db, 10, product, span);
    const res = await postOrder(ctx.app, orderBody(slot));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'ticket not on sale now' });
  });

  it('sells inside the sale window', async () => {
    const slot = await productWithSlot(ctx.db, 10, {
      saleStartsAt: new Date(Date.now() - HOUR),
      saleEndsAt: new Date(Date.now() + HOUR),
    });
    expect((await postOrder(ctx.app, orderBody(slot))).statusCode).toBe(201);
  });

  it('says no stock is registered for a slot of capacity 0', async () => {
    const slot = await productWithSlot(ctx.db, 0);
    const res = await postOrder(ctx.app, orderBody(slot));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'no stock has been registered for this product' });
  });

  it('says out of stock when the order does not fit, and still sells what fits', async () => {
    const slot = await productWithSlot(ctx.db, 3);
    expect((await postOrder(ctx.app, orderBody(slot, 2))).statusCode).toBe(201);
    const tooMany = await postOrder(ctx.app, orderBody(slot, 2));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ error: 'out of stock' });
    expect((await postOrder(ctx.app, orderBody(slot, 1))).statusCode).toBe(201);
    expect(await heldOf(ctx.db, slot.spanId)).toBe(3);
  });
});

describe('GET and DELETE /orders/{id}', () => {
  const ctx = setupTestApp();
  let slot: Awaited<ReturnType<typeof productWithSlot>>;
  beforeAll(async () => {
    slot = await productWithSlot(ctx.db, 10, { prices: [3000, 1000] });
  });

  const get = (token: string) => ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/orders/${token}` });
  const del = (token: string) =>
    ctx.app.inject({ method: 'DELETE', url: `${SITE_PATH}/orders/${token}`, headers: xsrfHeaders() });

  it('answers the temporary order in the shape of the spec', async () => {
    const created = await postOrder(
      ctx.app,
      orderBody(slot, 3, {
        lang: 'ja',
        option_values: [
          { option_value_id: slot.optionValueIds[0], quantity: 1 },
          { option_value_id: slot.optionValueIds[1], quantity: 2 },
        ],
      }),
    );
    const { order_token, expires_at } = created.json();
    const span = await ctx.db.$client.query<{ starts_at: Date; ends_at: Date }>(
      'SELECT starts_at, ends_at FROM time_spans WHERE id = $1',
      [slot.spanId],
    );
    const res = await get(order_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      lang: 'ja',
      price: 5000,
      customer_info: [],
      main_product: {
        product_name: 'Fixture product (ja)',
        description: 'A product made by a test (ja)',
        sale_type: 'time',
        quantity: 3,
        reservation_from: span.rows[0]!.starts_at.toISOString(),
        reservation_to: span.rows[0]!.ends_at.toISOString(),
        product_time_span_id: slot.spanId,
        naming_right: null,
        caution: 'No caution (ja)',
        order_options: [
          { id: slot.optionValueIds[0], name: 'Ticket 0 (ja)', type: 'ticket', add_cost: 3000, quantity: 1 },
          { id: slot.optionValueIds[1], name: 'Ticket 1 (ja)', type: 'ticket', add_cost: 1000, quantity: 2 },
        ],
      },
      set_products: [],
      coupons: [],
      membership_promotion: null,
      status: 'holding',
      expires_at,
    });

    // The page's language, when it asks (the visitor switched after ordering); the order keeps its own.
    const inEnglish = await ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/orders/${order_token}?lang=en`,
    });
    expect(inEnglish.json()).toMatchObject({
      lang: 'ja',
      main_product: {
        product_name: 'Fixture product (en)',
        caution: 'No caution (en)',
        order_options: [{ name: 'Ticket 0 (en)' }, { name: 'Ticket 1 (en)' }],
      },
    });
    const unknownLang = await ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/orders/${order_token}?lang=xx`,
    });
    expect(unknownLang.statusCode).toBe(400);
  });

  it('lists coupons and answers the price after discounts', async () => {
    const { order_token } = (await postOrder(ctx.app, orderBody(slot, 2))).json();
    const couponId = await createCoupon(ctx.db, { code: `GET${Date.now()}`, usageLimit: 5, usedCount: 1 });
    const inserted = await ctx.db.$client.query<{ id: number }>(
      'INSERT INTO order_coupons (order_id, coupon_id, discount) SELECT id, $2, 600 FROM orders WHERE order_token = $1 RETURNING id',
      [order_token, couponId],
    );
    const body = (await get(order_token)).json();
    expect(body.price).toBe(6000 - 600);
    expect(body.coupons).toEqual([
      {
        id: inserted.rows[0]!.id,
        coupon_code: expect.stringMatching(/^GET/),
        coupon_name: expect.stringContaining('(en)'),
        coupon_discount: 600,
      },
    ]);
  });

  it('answers record not found for an unknown or near-miss token', async () => {
    const { order_token } = (await postOrder(ctx.app, orderBody(slot))).json();
    for (const token of [
      'nope',
      order_token.toUpperCase() === order_token ? 'x' : order_token.toUpperCase(),
      `${order_token}x`,
    ]) {
      const res = await get(token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'record not found' });
    }
  });

  it("does not show an order on another site's path", async () => {
    const { order_token } = (await postOrder(ctx.app, orderBody(slot))).json();
    const res = await ctx.app.inject({ method: 'GET', url: `/borderless/api/v1/orders/${order_token}` });
    expect(res.statusCode).toBe(404);
  });

  it('answers session_timeout once the hold has run out, before any sweep', async () => {
    const { order_token } = (await postOrder(ctx.app, orderBody(slot))).json();
    await ctx.db.$client.query(
      "UPDATE orders SET expires_at = now() - interval '1 second' WHERE order_token = $1",
      [order_token],
    );
    const res = await get(order_token);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ error: 'session_timeout' });
    const cancel = await del(order_token);
    expect(cancel.statusCode).toBe(400);
  });

  it('cancels: stock and coupon uses come back, and a second cancel answers 400', async () => {
    const before = await heldOf(ctx.db, slot.spanId);
    const { order_token } = (await postOrder(ctx.app, orderBody(slot, 2))).json();
    expect(await heldOf(ctx.db, slot.spanId)).toBe(before + 2);
    const couponId = await createCoupon(ctx.db, { code: `DEL${Date.now()}`, usageLimit: 1, usedCount: 1 });
    await ctx.db.$client.query(
      'INSERT INTO order_coupons (order_id, coupon_id, discount) SELECT id, $2, 100 FROM orders WHERE order_token = $1',
      [order_token, couponId],
    );

    const res = await del(order_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ order_token, status: 'cancelled' });
    expect(await heldOf(ctx.db, slot.spanId)).toBe(before);
    const coupon = await ctx.db.$client.query('SELECT used_count FROM coupons WHERE id = $1', [couponId]);
    expect(coupon.rows[0]).toEqual({ used_count: 0 });

    const again = await del(order_token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'record not found' });
    expect(await heldOf(ctx.db, slot.spanId)).toBe(before);
    expect((await get(order_token)).statusCode).toBe(404);
  });

  it('answers 400 to a cancel of an unknown token and without XSRF 403', async () => {
    expect((await del('unknown-token')).statusCode).toBe(400);
    const noXsrf = await ctx.app.inject({ method: 'DELETE', url: `${SITE_PATH}/orders/whatever` });
    expect(noXsrf.statusCode).toBe(403);
  });
});
