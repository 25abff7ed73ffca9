import { describe, expect, it } from 'vitest';
import { createProduct, createSetProduct, createTimeSpan } from '../../../test/factories.ts';
import { setupTestApp, visitorAddress, xsrfHeaders } from '../../../test/helper.ts';
import { SITE_PATH, orderBody } from '../../../test/order-support.ts';
import { stockOf } from '../../../test/checkout-support.ts';
import { tokyoToday } from '../../db/tokyo-today.ts';
import { tokyoMidnight } from '../../../test/tokyo-day.ts';
import { rotateSpotQrToken } from '../../domain/spot/spot-qr-tokens.ts';

/**
 * Issue 32 items 19–21 (ADR 109): the poster's venue's spot products (`GET /spot/products`), another of them
 * held with the poster's token, the spot set-product search behind the token, set products in a spot order,
 * and the spot order form's fields from the site's templates.
 */
const ctx = setupTestApp();

type Fixture = { id: number; uuid: string; spanId: number; optionValueIds: number[] };

/** A product of DEMO with a two-day span from today's Tokyo midnight (it sells whatever the hour of the run). */
async function todaysProduct(channels: string[]): Promise<Fixture> {
  const product = await createProduct(ctx.db, { site: 'DEMO', type: 'date', channels });
  const spanId = await createTimeSpan(ctx.db, {
    productId: product.id,
    capacity: 10,
    startsAt: tokyoMidnight(await tokyoToday(ctx.db)),
    minutes: 48 * 60,
  });
  return { ...product, spanId };
}

const get = (url: string) => ctx.app.inject({ method: 'GET', url: `${SITE_PATH}${url}` });
const postSpotOrder = (payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: `${SITE_PATH}/spot/orders`,
    headers: xsrfHeaders(),
    remoteAddress: visitorAddress(),
    payload,
  });

describe('the poster’s venue (ADR 109)', () => {
  it('GET /spot/products lists the venue’s spot products with today’s open slots, not web-only ones', async () => {
    const poster = await todaysProduct(['web', 'spot']);
    const sibling = await todaysProduct(['spot']);
    const webOnly = await todaysProduct(['web']);
    const { token } = await rotateSpotQrToken(ctx.db, { site: 'DEMO', productUuid: poster.uuid });
    const res = await get(`/spot/products?qr_token=${token}&lang=zh-hans`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.poster_product_uuid).toBe(poster.uuid);
    const listed = body.products.map((each: { product: { uuid: string } }) => each.product.uuid);
    expect(listed).toEqual(expect.arrayContaining([poster.uuid, sibling.uuid]));
    expect(listed).not.toContain(webOnly.uuid);
    const mine = body.products.find(
      (each: { product: { uuid: string } }) => each.product.uuid === poster.uuid,
    );
    expect(mine).toMatchObject({ open_slots: 1, product: { name: 'Fixture product (zh-hans)' } });
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await get(`/spot/products?qr_token=AAAAAAAAAAAAAAAAAAAAAA&lang=en`)).statusCode).toBe(404);
  });

  it('shows and holds another spot product of the venue with the poster’s token; a web-only one is refused', async () => {
    const poster = await todaysProduct(['web', 'spot']);
    const sibling = await todaysProduct(['spot']);
    const webOnly = await todaysProduct(['web']);
    const { token } = await rotateSpotQrToken(ctx.db, { site: 'DEMO', productUuid: poster.uuid });
    const stocks = await get(`/spot/products/stocks?qr_token=${token}&lang=en&product_uuid=${sibling.uuid}`);
    expect(stocks.json()).toMatchObject({ product: { uuid: sibling.uuid }, slots: [{ id: sibling.spanId }] });
    const refused = await get(`/spot/products/stocks?qr_token=${token}&lang=en&product_uuid=${webOnly.uuid}`);
    expect(refused.json()).toEqual({ error: 'invalid channel' });

    expect((await postSpotOrder({ ...orderBody(sibling, 1), qr_token: token })).statusCode).toBe(201);
    expect(await stockOf(ctx.db, sibling.spanId)).toEqual({ held: 1, sold: 0 });
    const web = await postSpotOrder({ ...orderBody(webOnly, 1), qr_token: token });
    expect(web.json()).toEqual({ error: 'invalid channel' });
    expect(await stockOf(ctx.db, webOnly.spanId)).toEqual({ held: 0, sold: 0 });
  });

  it('GET /spot/setproducts/search answers the add-ons of a spot slot behind the token, and a spot order holds them', async () => {
    const poster = await todaysProduct(['web', 'spot']);
    const webOnly = await todaysProduct(['web']);
    const drink = await createSetProduct(ctx.db, {
      site: 'DEMO',
      name: 'Drink',
      price: 600,
      productIds: [poster.id, webOnly.id],
    });
    const { token } = await rotateSpotQrToken(ctx.db, { site: 'DEMO', productUuid: poster.uuid });
    const search = (spanId: number, qr = token) =>
      get(`/spot/setproducts/search?lang=en&main_product_time_span_ids=${spanId}&qr_token=${qr}`);
    const found = await search(poster.spanId);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual([
      expect.objectContaining({
        uuid: drink,
        name: 'Drink (en)',
        price: 600,
        main_product_time_span_ids: [poster.spanId],
      }),
    ]);
    expect((await search(webOnly.spanId)).json()).toEqual({ error: 'invalid channel' });
    expect((await search(poster.spanId, 'AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    // Without the poster's token the spot search answers nothing (zod: the token is required).
    expect(
      (await get(`/spot/setproducts/search?lang=en&main_product_time_span_ids=${poster.spanId}`)).statusCode,
    ).toBe(400);

    const held = await postSpotOrder({
      ...orderBody(poster, 2),
      qr_token: token,
      set_products: [{ set_product_uuid: drink, quantity: 2 }],
    });
    expect(held.statusCode).toBe(201);
    expect(held.json().price).toBe(2 * 3000 + 2 * 600);
    const order = await get(`/orders/${held.json().order_token}?lang=en`);
    expect(order.json().set_products).toEqual([
      expect.objectContaining({ product_name: 'Drink (en)', add_cost: 600, quantity: 2 }),
    ]);
  });

  it('PUT /spot/orders takes the site’s displayed spot fields, all optional but the e-mail address', async () => {
    const poster = await todaysProduct(['web', 'spot']);
    const { token } = await rotateSpotQrToken(ctx.db, { site: 'DEMO', productUuid: poster.uuid });
    const orderToken = (await postSpotOrder({ ...orderBody(poster, 1), qr_token: token })).json().order_token;
    const put = (customerInfo: { key: string; value: string }[]) =>
      ctx.app.inject({
        method: 'PUT',
        url: `${SITE_PATH}/spot/orders/${orderToken}`,
        headers: xsrfHeaders(),
        payload: { customer_info: customerInfo },
      });
    // The name is required on DEMO's web form, not at the venue; the e-mail address is.
    expect((await put([{ key: 'fullname', value: 'Li Hua' }])).json()).toEqual({ error: 'invalid request' });
    const res = await put([
      { key: 'email', value: 'li@example.cn' },
      { key: 'fullname', value: 'Li Hua' },
      { key: 'phone', value: '0312345678' },
      { key: 'questionnaire2', value: 'not asked at the venue' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().customer_info).toEqual([
      { key: 'email', value: 'li@example.cn' },
      { key: 'fullname', value: 'Li Hua' },
    ]);
  });
});
