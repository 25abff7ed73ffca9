import { beforeAll, describe, expect, it } from 'vitest';
import { dateSearchResponseSchema, productSearchResponseSchema } from '@kippu/contract';
import { setupTestApp } from '../../../test/helper.ts';
import { createProduct, createTimeSpan } from '../../../test/factories.ts';
import { at, cleanSite, setProductFields, setStock, tokyoDate } from './catalogue-test-fixtures.ts';

type Fixture = Awaited<ReturnType<typeof createProduct>>;

describe('GET /products/search and /products/search2', () => {
  const ctx = setupTestApp();
  const day = tokyoDate(10);
  const nextDay = tokyoDate(11);
  const prevDay = tokyoDate(9);
  let timed: Fixture;
  let dated: Fixture;
  let posOnly: Fixture;
  let saleOver: Fixture;
  let saleLater: Fixture;
  let other: Fixture;
  const spans: Record<string, number> = {};

  beforeAll(async () => {
    await cleanSite(ctx.db, 'NAGAI', { fewStockThreshold: 5 });
    await cleanSite(ctx.db, 'OKINAWA');
    timed = await createProduct(ctx.db, { site: 'NAGAI', type: 'time' });
    dated = await createProduct(ctx.db, { site: 'NAGAI', type: 'date' });
    posOnly = await createProduct(ctx.db, { site: 'NAGAI', channels: ['pos', 'kiosk'] });
    saleOver = await createProduct(ctx.db, { site: 'NAGAI', saleEndsAt: new Date(Date.now() - 60_000) });
    saleLater = await createProduct(ctx.db, {
      site: 'NAGAI',
      saleStartsAt: new Date(Date.now() + 86_400_000),
    });
    other = await createProduct(ctx.db, { site: 'OKINAWA' });
    await setProductFields(ctx.db, timed.id, { position: 1 });
    await setProductFields(ctx.db, dated.id, { position: 2 });
    await setProductFields(ctx.db, posOnly.id, { position: 3 });
    await setProductFields(ctx.db, saleOver.id, { position: 4 });
    await setProductFields(ctx.db, saleLater.id, { position: 5 });

    const span = (productId: number, date: string, time: string, capacity: number, onSale = true) =>
      createTimeSpan(ctx.db, { productId, capacity, startsAt: at(date, time), onSale });
    // 00:30 Tokyo is 15:30 UTC of the previous day: still this Tokyo date.
    spans.early = await span(timed.id, day, '00:30', 50);
    spans.ten = await span(timed.id, day, '10:00', 50);
    spans.eleven = await span(timed.id, day, '11:00', 10);
    spans.noon = await span(timed.id, day, '12:00', 10);
    spans.off = await span(timed.id, day, '13:00', 10, false);
    // 08:30 Tokyo next day is 23:30 UTC of `day`: belongs to the next Tokyo date.
    spans.nextMorning = await span(timed.id, nextDay, '08:30', 20);
    spans.dated = await span(dated.id, day, '09:00', 100);
    spans.pos = await span(posOnly.id, day, '10:00', 10);
    spans.saleOver = await span(saleOver.id, day, '10:00', 10);
    spans.saleLater = await span(saleLater.id, day, '10:00', 10);
    spans.other = await span(other.id, day, '10:00', 10);
    await setStock(ctx.db, spans.eleven!, { held: 3, sold: 4 }); // 3 left: few
    await setStock(ctx.db, spans.noon!, { held: 2, sold: 8 }); // 0 left: sold out
  });

  const search = (query: string, site = 'nagai') =>
    ctx.app.inject({ method: 'GET', url: `/${site}/api/v1/products/search?${query}` });

  it('groups slots by Tokyo date with product and slot statuses', async () => {
    const res = await search(`from=${prevDay}&to=${nextDay}&lang=en`);
    expect(res.statusCode).toBe(200);
    const body = productSearchResponseSchema.parse(res.json());
    expect(body.map((d) => d.date)).toEqual([day, nextDay]);

    const [first, second] = body;
    expect(first!.status).toBe('available');
    expect(first!.count).toBeNull();
    // web channel only; products whose sale window is closed are listed with not_on_sale slots
    expect(first!.products.map((p) => p.uuid)).toEqual([
      timed.uuid,
      dated.uuid,
      saleOver.uuid,
      saleLater.uuid,
    ]);
    const timedSlots = first!.products[0]!.slots;
    expect(timedSlots.map((s) => s.id)).toEqual([
      spans.early,
      spans.ten,
      spans.eleven,
      spans.noon,
      spans.off,
    ]);
    expect(timedSlots.map((s) => s.status)).toEqual([
      'available',
      'available',
      'few',
      'sold_out',
      'not_on_sale',
    ]);
    expect(timedSlots[0]).toMatchObject({
      start: `${day}T00:30:00+09:00`,
      end: `${day}T01:00:00+09:00`,
      capacity: 50,
      remaining: 50,
    });
    expect(timedSlots[2]!.remaining).toBe(3);
    expect(first!.products[0]!.name).toBe('Fixture product (en)');
    expect(first!.products[2]!.status).toBe('not_on_sale');
    expect(first!.products[3]!.status).toBe('not_on_sale');

    expect(second!.products.map((p) => p.uuid)).toEqual([timed.uuid]);
    expect(second!.products[0]!.slots.map((s) => s.id)).toEqual([spans.nextMorning]);
  });

  it('buckets on the Tokyo date, not the UTC date, at both ends of the range', async () => {
    const onlyDay = productSearchResponseSchema.parse((await search(`from=${day}&to=${day}&lang=ja`)).json());
    const ids = onlyDay.flatMap((d) => d.products.flatMap((p) => p.slots.map((s) => s.id)));
    expect(ids).toContain(spans.early);
    expect(ids).not.toContain(spans.nextMorning);

    const onlyNext = productSearchResponseSchema.parse(
      (await search(`from=${nextDay}&to=${nextDay}&lang=ja`)).json(),
    );
    expect(onlyNext.flatMap((d) => d.products.flatMap((p) => p.slots.map((s) => s.id)))).toEqual([
      spans.nextMorning,
    ]);
  });

  it('says few with the count when only few-stock and sold-out slots are left', async () => {
    const res = await search(`from=${day}&to=${day}&lang=ja&product_uuid=${timed.uuid}`);
    const body = productSearchResponseSchema.parse(res.json());
    expect(body).toHaveLength(1);
    expect(body[0]!.products.map((p) => p.uuid)).toEqual([timed.uuid]);
    await setStock(ctx.db, spans.early!, { sold: 50 });
    await setStock(ctx.db, spans.ten!, { held: 46 });
    try {
      const again = productSearchResponseSchema.parse(
        (await search(`from=${day}&to=${day}&lang=ja&product_uuid=${timed.uuid}`)).json(),
      );
      expect(again[0]!.status).toBe('few');
      expect(again[0]!.count).toBe(4);
      expect(again[0]!.products[0]).toMatchObject({ status: 'few', count: 4 });
    } finally {
      await setStock(ctx.db, spans.early!, {});
      await setStock(ctx.db, spans.ten!, {});
    }
  });

  it('follows the site threshold for few', async () => {
    await ctx.db.$client.query(`UPDATE sites SET few_stock_threshold = 2 WHERE code = 'NAGAI'`);
    try {
      const body = productSearchResponseSchema.parse(
        (await search(`from=${day}&to=${day}&lang=ja&product_uuid=${timed.uuid}`)).json(),
      );
      const slot = body[0]!.products[0]!.slots.find((s) => s.id === spans.eleven);
      expect(slot).toMatchObject({ remaining: 3, status: 'available' });
    } finally {
      await ctx.db.$client.query(`UPDATE sites SET few_stock_threshold = 5 WHERE code = 'NAGAI'`);
    }
  });

  it('filters by product type', async () => {
    const body = productSearchResponseSchema.parse(
      (await search(`from=${day}&to=${nextDay}&lang=ja&product_type=date`)).json(),
    );
    expect(body.flatMap((d) => d.products.map((p) => p.uuid))).toEqual([dated.uuid]);
  });

  it('filters by channel and refuses a product not sold on it', async () => {
    const pos = productSearchResponseSchema.parse(
      (await search(`from=${day}&to=${day}&lang=ja&channel=pos`)).json(),
    );
    expect(pos.flatMap((d) => d.products.map((p) => p.uuid))).toEqual([posOnly.uuid]);

    const refused = await search(`from=${day}&to=${day}&lang=ja&product_uuid=${posOnly.uuid}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'invalid channel' });

    const kiosk = await search(`from=${day}&to=${day}&lang=ja&product_uuid=${posOnly.uuid}&channel=kiosk`);
    expect(kiosk.statusCode).toBe(200);
  });

  it('answers record not found for an unknown product or one of another site', async () => {
    for (const uuid of ['00000000-0000-4000-8000-000000000000', other.uuid]) {
      const res = await search(`from=${day}&to=${day}&lang=ja&product_uuid=${uuid}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'record not found' });
    }
  });

  it('answers an empty list for a known product without slots in the range', async () => {
    const res = await search(`from=${tokyoDate(40)}&to=${tokyoDate(41)}&lang=ja&product_uuid=${timed.uuid}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it.each([
    ['missing from', `to=${tokyoDate(1)}&lang=ja`],
    ['missing lang', `from=${tokyoDate(1)}&to=${tokyoDate(2)}`],
    ['malformed date', `from=2026/12/01&to=${tokyoDate(2)}&lang=ja`],
    ['impossible date', `from=2027-02-30&to=2027-03-02&lang=ja`],
    ['from after to', `from=${tokyoDate(5)}&to=${tokyoDate(4)}&lang=ja`],
    ['range over 93 days', `from=${tokyoDate(0)}&to=${tokyoDate(93)}&lang=ja`],
    ['malformed uuid', `from=${tokyoDate(0)}&to=${tokyoDate(1)}&lang=ja&product_uuid=42`],
    ['unknown product type', `from=${tokyoDate(0)}&to=${tokyoDate(1)}&lang=ja&product_type=hourly`],
    ['unknown channel', `from=${tokyoDate(0)}&to=${tokyoDate(1)}&lang=ja&channel=phone`],
  ])('answers invalid request for %s', async (_case, query) => {
    const res = await search(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid request');
  });

  it('accepts a range of exactly 93 dates', async () => {
    const res = await search(`from=${tokyoDate(0)}&to=${tokyoDate(92)}&lang=ja`);
    expect(res.statusCode).toBe(200);
  });

  describe('search2', () => {
    const search2 = (query: string) =>
      ctx.app.inject({ method: 'GET', url: `/nagai/api/v1/products/search2?${query}` });

    it('lists the products on sale that date with their slots', async () => {
      const res = await search2(`date=${day}&lang=en`);
      expect(res.statusCode).toBe(200);
      const body = dateSearchResponseSchema.parse(res.json());
      // not the pos product (channel), not the ones whose sale window is closed
      expect(body.map((p) => p.uuid)).toEqual([timed.uuid, dated.uuid]);
      expect(body[0]!.slots.map((s) => s.id)).toEqual([
        spans.early,
        spans.ten,
        spans.eleven,
        spans.noon,
        spans.off,
      ]);
      expect(body[1]).toMatchObject({ product_type: 'date', status: 'available', display_position: 2 });
    });

    it('uses the Tokyo date', async () => {
      const body = dateSearchResponseSchema.parse((await search2(`date=${nextDay}&lang=ja`)).json());
      expect(body.map((p) => p.slots.map((s) => s.id))).toEqual([[spans.nextMorning]]);
    });

    it('honours the channel and answers [] on a date without slots', async () => {
      const pos = dateSearchResponseSchema.parse((await search2(`date=${day}&lang=ja&channel=pos`)).json());
      expect(pos.map((p) => p.uuid)).toEqual([posOnly.uuid]);
      expect((await search2(`date=${tokyoDate(50)}&lang=ja`)).json()).toEqual([]);
    });

    it.each([
      ['missing date', 'lang=ja'],
      ['malformed date', 'date=20261201&lang=ja'],
      ['missing lang', `date=${day}`],
    ])('answers invalid request for %s', async (_case, query) => {
      const res = await search2(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid request');
    });
  });
});
