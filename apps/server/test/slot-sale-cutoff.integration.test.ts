import { describe, expect, it } from 'vitest';
import { setupTestApp, xsrfHeaders } from './helper.ts';
import { createProduct, createTimeSpan } from './factories.ts';

const HOUR = 3600 * 1000;

/** The catalogue and the hold apply the same cut-off (shared/slot-sale.ts, ADR 009). */
describe('slot sale cut-off', () => {
  const ctx = setupTestApp();

  async function orderable(spanId: number) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/demo/api/v1/products/orderable_stocks?product_time_span_id=${spanId}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { status: string; orderable: number };
  }

  async function order(product: { uuid: string; optionValueIds: number[] }, spanId: number) {
    return ctx.app.inject({
      method: 'POST',
      url: '/demo/api/v1/orders',
      headers: xsrfHeaders(),
      payload: {
        lang: 'en',
        product_uuid: product.uuid,
        time_span_id: spanId,
        quantity: 1,
        option_values: [{ option_value_id: product.optionValueIds[0], quantity: 1 }],
        set_products: [],
      },
    });
  }

  it('keeps selling a day ticket after its day has opened, until it ends', async () => {
    const product = await createProduct(ctx.db, { type: 'date' });
    const open = await createTimeSpan(ctx.db, {
      productId: product.id,
      capacity: 10,
      startsAt: new Date(Date.now() - HOUR),
      minutes: 6 * 60,
    });
    expect(await orderable(open)).toMatchObject({ status: 'available', orderable: 10 });
    expect((await order(product, open)).statusCode).toBe(201);
  });

  it('keeps selling a period pass during its period', async () => {
    const product = await createProduct(ctx.db, { type: 'period' });
    const month = await createTimeSpan(ctx.db, {
      productId: product.id,
      capacity: 10,
      startsAt: new Date(Date.now() - 10 * 24 * HOUR),
      minutes: 30 * 24 * 60,
    });
    expect((await orderable(month)).status).toBe('available');
    expect((await order(product, month)).statusCode).toBe(201);
  });

  it('stops selling a day ticket whose day has ended', async () => {
    const product = await createProduct(ctx.db, { type: 'date' });
    const over = await createTimeSpan(ctx.db, {
      productId: product.id,
      capacity: 10,
      startsAt: new Date(Date.now() - 7 * HOUR),
      minutes: 6 * 60,
    });
    expect(await orderable(over)).toMatchObject({ status: 'not_on_sale', orderable: 0 });
    const res = await order(product, over);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'ticket not on sale now' });
  });

  it('stops selling a timed slot once it has started', async () => {
    const product = await createProduct(ctx.db, { type: 'time' });
    const started = await createTimeSpan(ctx.db, {
      productId: product.id,
      capacity: 10,
      startsAt: new Date(Date.now() - 60 * 1000),
      minutes: 30,
    });
    expect((await orderable(started)).status).toBe('not_on_sale');
    const res = await order(product, started);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'ticket not on sale now' });
  });
});
