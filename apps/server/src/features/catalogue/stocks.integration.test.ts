import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  orderableStocksResponseSchema,
  stockStatusesResponseSchema,
  stocksResponseSchema,
  toTokyoDateString,
} from '@kippu/contract';
import { setupTestApp } from '../../../test/helper.ts';
import { createProduct, createTimeSpan } from '../../../test/factories.ts';
import { at, cleanSite, setStock, tokyoDate } from './catalogue-test-fixtures.ts';

type Fixture = Awaited<ReturnType<typeof createProduct>>;

describe('stock calls', () => {
  const ctx = setupTestApp();
  const day = tokyoDate(5);
  const nextDay = addDays(day, 1);
  /** When the slot that has already started began (an hour before the fixtures were made). */
  let pastStart: Date;
  let product: Fixture;
  let posOnly: Fixture;
  let saleOver: Fixture;
  let other: Fixture;
  const spans: Record<string, number> = {};

  beforeAll(async () => {
    await cleanSite(ctx.db, 'NAGAI', { fewStockThreshold: 3 });
    await cleanSite(ctx.db, 'OKINAWA');
    product = await createProduct(ctx.db, { site: 'NAGAI', maxQuantity: 6 });
    posOnly = await createProduct(ctx.db, { site: 'NAGAI', channels: ['pos'] });
    saleOver = await createProduct(ctx.db, { site: 'NAGAI', saleEndsAt: new Date(Date.now() - 1000) });
    other = await createProduct(ctx.db, { site: 'OKINAWA' });
    const span = (productId: number, startsAt: Date, capacity: number, onSale = true) =>
      createTimeSpan(ctx.db, { productId, capacity, startsAt, onSale });
    spans.morning = await span(product.id, at(day, '09:00'), 40);
    spans.noon = await span(product.id, at(day, '12:00'), 10);
    spans.evening = await span(product.id, at(day, '18:00'), 5);
    spans.off = await span(product.id, at(day, '19:00'), 5, false);
    spans.lateNight = await span(product.id, at(day, '23:45'), 5); // 14:45 UTC, same Tokyo day
    spans.nextDay = await span(product.id, at(nextDay, '10:00'), 2);
    pastStart = new Date(Date.now() - 3600_000);
    spans.past = await span(product.id, pastStart, 30);
    spans.pos = await span(posOnly.id, at(day, '10:00'), 10);
    spans.saleOver = await span(saleOver.id, at(day, '10:00'), 10);
    spans.other = await span(other.id, at(day, '10:00'), 10);
    await setStock(ctx.db, spans.noon!, { held: 2, sold: 6 }); // 2 left: few
    await setStock(ctx.db, spans.evening!, { sold: 5 }); // sold out
    await setStock(ctx.db, spans.nextDay!, { held: 1 }); // 1 left: few
  });

  const get = (path: string, site = 'nagai') =>
    ctx.app.inject({ method: 'GET', url: `/${site}/api/v1/${path}` });

  describe('GET /products/stocks', () => {
    it('lists the slots of the product on the Tokyo date with stock and status', async () => {
      const res = await get(`products/stocks?date=${day}&product_id=${product.uuid}&lang=en`);
      expect(res.statusCode).toBe(200);
      const slots = stocksResponseSchema.parse(res.json());
      expect(slots).toEqual([
        {
          id: spans.morning,
          start: `${day}T09:00:00+09:00`,
          end: `${day}T09:30:00+09:00`,
          capacity: 40,
          remaining: 40,
          status: 'available',
        },
        {
          id: spans.noon,
          start: `${day}T12:00:00+09:00`,
          end: `${day}T12:30:00+09:00`,
          capacity: 10,
          remaining: 2,
          status: 'few',
        },
        {
          id: spans.evening,
          start: `${day}T18:00:00+09:00`,
          end: `${day}T18:30:00+09:00`,
          capacity: 5,
          remaining: 0,
          status: 'sold_out',
        },
        {
          id: spans.off,
          start: `${day}T19:00:00+09:00`,
          end: `${day}T19:30:00+09:00`,
          capacity: 5,
          remaining: 5,
          status: 'not_on_sale',
        },
        {
          id: spans.lateNight,
          start: `${day}T23:45:00+09:00`,
          end: `${nextDay}T00:15:00+09:00`,
          capacity: 5,
          remaining: 5,
          status: 'available',
        },
      ]);
    });

    it('marks a slot that has already started as not on sale', async () => {
      // Asked on the slot's own Tokyo date (today's or, just after a midnight, yesterday's).
      const slots = stocksResponseSchema.parse(
        (await get(`products/stocks?date=${toTokyoDateString(pastStart)}&product_id=${product.uuid}`)).json(),
      );
      expect(slots.find((s) => s.id === spans.past)?.status).toBe('not_on_sale');
    });

    it('marks every slot not on sale outside the product’s sale window', async () => {
      const slots = stocksResponseSchema.parse(
        (await get(`products/stocks?date=${day}&product_id=${saleOver.uuid}`)).json(),
      );
      expect(slots.map((s) => [s.id, s.status])).toEqual([[spans.saleOver, 'not_on_sale']]);
    });

    it('refuses a product of another channel, another site, or unknown', async () => {
      const pos = await get(`products/stocks?date=${day}&product_id=${posOnly.uuid}`);
      expect(pos.statusCode).toBe(400);
      expect(pos.json()).toEqual({ error: 'invalid channel' });
      expect(
        (await get(`products/stocks?date=${day}&product_id=${posOnly.uuid}&channel=pos`)).statusCode,
      ).toBe(200);
      for (const uuid of [other.uuid, '11111111-1111-4111-8111-111111111111']) {
        const res = await get(`products/stocks?date=${day}&product_id=${uuid}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'record not found' });
      }
    });

    it.each([
      ['missing date', `product_id=00000000-0000-4000-8000-000000000000`],
      ['missing product', `date=2027-01-01`],
      ['malformed date', `date=01-01-2027&product_id=00000000-0000-4000-8000-000000000000`],
      ['malformed product id', `date=2027-01-01&product_id=17`],
    ])('answers invalid request for %s', async (_case, query) => {
      const res = await get(`products/stocks?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid request');
    });
  });

  describe('GET /products/stocks-statuses', () => {
    it('answers every date of the range with the best status of its slots', async () => {
      // Around the fixtures' own dates: days computed now would move on past a Tokyo midnight.
      const from = addDays(day, -1);
      const to = addDays(nextDay, 1);
      const res = await get(`products/stocks-statuses?from=${from}&to=${to}&product_uuid=${product.uuid}`);
      expect(res.statusCode).toBe(200);
      expect(stockStatusesResponseSchema.parse(res.json())).toEqual([
        { date: from, status: 'not_on_sale', count: null },
        { date: day, status: 'available', count: null },
        { date: nextDay, status: 'few', count: 1 },
        { date: to, status: 'not_on_sale', count: null },
      ]);
    });

    it('says sold_out when every sellable slot of the date is gone', async () => {
      await setStock(ctx.db, spans.nextDay!, { sold: 2 });
      try {
        const res = await get(
          `products/stocks-statuses?from=${nextDay}&to=${nextDay}&product_uuid=${product.uuid}`,
        );
        expect(res.json()).toEqual([{ date: nextDay, status: 'sold_out', count: null }]);
      } finally {
        await setStock(ctx.db, spans.nextDay!, { held: 1 });
      }
    });

    it('covers every web product of the site without product_uuid, and the channel’s with one', async () => {
      const web = stockStatusesResponseSchema.parse(
        (await get(`products/stocks-statuses?from=${day}&to=${day}`)).json(),
      );
      expect(web).toEqual([{ date: day, status: 'available', count: null }]);
      await setStock(ctx.db, spans.morning!, { sold: 40 });
      await setStock(ctx.db, spans.lateNight!, { sold: 5 });
      try {
        const fewOnly = stockStatusesResponseSchema.parse(
          (await get(`products/stocks-statuses?from=${day}&to=${day}`)).json(),
        );
        // pos product (10 left) is not counted on the web channel: only the noon slot's 2 remain
        expect(fewOnly).toEqual([{ date: day, status: 'few', count: 2 }]);
        const pos = stockStatusesResponseSchema.parse(
          (await get(`products/stocks-statuses?from=${day}&to=${day}&channel=pos`)).json(),
        );
        expect(pos).toEqual([{ date: day, status: 'available', count: null }]);
      } finally {
        await setStock(ctx.db, spans.morning!, {});
        await setStock(ctx.db, spans.lateNight!, {});
      }
    });

    it('refuses unknown, foreign and wrong-channel products', async () => {
      const base = `products/stocks-statuses?from=${day}&to=${day}`;
      expect((await get(`${base}&product_uuid=${other.uuid}`)).json()).toEqual({ error: 'record not found' });
      expect((await get(`${base}&product_uuid=${posOnly.uuid}`)).json()).toEqual({
        error: 'invalid channel',
      });
    });

    it.each([
      ['missing to', `from=${tokyoDate(1)}`],
      ['from after to', `from=${tokyoDate(3)}&to=${tokyoDate(1)}`],
      ['too long', `from=${tokyoDate(0)}&to=${tokyoDate(120)}`],
      ['malformed uuid', `from=${tokyoDate(0)}&to=${tokyoDate(1)}&product_uuid=abc`],
    ])('answers invalid request for %s', async (_case, query) => {
      const res = await get(`products/stocks-statuses?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid request');
    });
  });

  describe('GET /products/orderable_stocks', () => {
    const orderable = async (id: number | string, extra = '') => {
      const res = await get(`products/orderable_stocks?product_time_span_id=${id}${extra}`);
      return res;
    };

    it('caps the remaining stock by the product’s max quantity', async () => {
      const res = await orderable(spans.morning!);
      expect(res.statusCode).toBe(200);
      expect(orderableStocksResponseSchema.parse(res.json())).toEqual({
        product_time_span_id: spans.morning,
        remaining: 40,
        orderable: 6,
        min_quantity: 1,
        max_quantity: 6,
        status: 'available',
      });
    });

    it('answers the remaining stock when it is below the cap', async () => {
      expect((await orderable(spans.noon!)).json()).toMatchObject({
        remaining: 2,
        orderable: 2,
        status: 'few',
      });
    });

    it('answers 0 for a sold-out, switched-off, started or out-of-window slot', async () => {
      expect((await orderable(spans.evening!)).json()).toMatchObject({ orderable: 0, status: 'sold_out' });
      expect((await orderable(spans.off!)).json()).toMatchObject({
        remaining: 5,
        orderable: 0,
        status: 'not_on_sale',
      });
      expect((await orderable(spans.past!)).json()).toMatchObject({ orderable: 0, status: 'not_on_sale' });
      expect((await orderable(spans.saleOver!)).json()).toMatchObject({
        orderable: 0,
        status: 'not_on_sale',
      });
    });

    it('sees stock held by temporary orders right away', async () => {
      await setStock(ctx.db, spans.morning!, { held: 37 });
      try {
        expect((await orderable(spans.morning!)).json()).toMatchObject({
          remaining: 3,
          orderable: 3,
          status: 'few',
        });
      } finally {
        await setStock(ctx.db, spans.morning!, {});
      }
    });

    it('refuses unknown spans, spans of another site and spans of a product not on the channel', async () => {
      for (const id of [spans.other!, 987654321]) {
        const res = await orderable(id);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'record not found' });
      }
      const pos = await orderable(spans.pos!);
      expect(pos.statusCode).toBe(400);
      expect(pos.json()).toEqual({ error: 'invalid channel' });
      expect((await orderable(spans.pos!, '&channel=pos')).statusCode).toBe(200);
    });

    it.each([['abc'], ['1.5'], ['-3'], ['0'], [''], ['99999999999999999999']])(
      'answers invalid request for id %j',
      async (id) => {
        const res = await orderable(id);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe('invalid request');
      },
    );

    it('answers invalid request without an id', async () => {
      const res = await get('products/orderable_stocks');
      expect(res.statusCode).toBe(400);
    });
  });
});
