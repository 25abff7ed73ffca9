import { beforeAll, describe, expect, it } from 'vitest';
import { calendarColorsResponseSchema, setProductSearchResponseSchema } from '@kippu/contract';
import { setupTestApp } from '../../../test/helper.ts';
import { createProduct, createTimeSpan } from '../../../test/factories.ts';
import { createSetProduct } from '../../../test/factories.ts';
import { at, cleanSite, tokyoDate } from './catalogue-test-fixtures.ts';

describe('GET /calendar/colors', () => {
  const ctx = setupTestApp();

  beforeAll(async () => {
    await cleanSite(ctx.db, 'NAGAI', { calendarColorized: true });
    await cleanSite(ctx.db, 'MORI', { calendarColorized: false });
    await ctx.db.$client.query(
      `INSERT INTO calendar_colors (site_code, date, color_code) VALUES
         ('NAGAI', '2027-03-01', '#ff0000'), ('NAGAI', '2027-03-15', '#00ff00'),
         ('NAGAI', '2027-04-02', '#0000ff'), ('MORI', '2027-03-01', '#123456')`,
    );
  });

  const colors = (site: string, query: string) =>
    ctx.app.inject({ method: 'GET', url: `/${site}/api/v1/calendar/colors?${query}` });

  it('answers the coloured dates of the range in order', async () => {
    const res = await colors('nagai', 'from=2027-03-01&to=2027-03-31');
    expect(res.statusCode).toBe(200);
    expect(calendarColorsResponseSchema.parse(res.json())).toEqual([
      { date: '2027-03-01', color_code: '#ff0000' },
      { date: '2027-03-15', color_code: '#00ff00' },
    ]);
  });

  it('includes both ends of the range', async () => {
    const res = await colors('nagai', 'from=2027-03-15&to=2027-04-02');
    expect(res.json().map((c: { date: string }) => c.date)).toEqual(['2027-03-15', '2027-04-02']);
  });

  it('answers nothing for a site whose calendar is not colorized', async () => {
    const res = await colors('mori', 'from=2027-03-01&to=2027-03-31');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it.each([
    ['missing dates', ''],
    ['from after to', 'from=2027-03-31&to=2027-03-01'],
    ['too long', 'from=2027-01-01&to=2027-06-01'],
    ['malformed', 'from=2027-3-1&to=2027-03-31'],
  ])('answers invalid request for %s', async (_case, query) => {
    const res = await colors('nagai', query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid request');
  });
});

describe('GET /setproducts/search', () => {
  const ctx = setupTestApp();
  const day = tokyoDate(7);
  let spanA: number;
  let spanA2: number;
  let spanB: number;
  let spanBare: number;
  let spanOther: number;
  let guide: string;
  let drink: string;
  let shared: string;

  beforeAll(async () => {
    await cleanSite(ctx.db, 'NAGAI');
    await cleanSite(ctx.db, 'OKINAWA');
    const a = await createProduct(ctx.db, { site: 'NAGAI' });
    const b = await createProduct(ctx.db, { site: 'NAGAI' });
    const bare = await createProduct(ctx.db, { site: 'NAGAI' });
    const other = await createProduct(ctx.db, { site: 'OKINAWA' });
    spanA = await createTimeSpan(ctx.db, { productId: a.id, capacity: 10, startsAt: at(day, '10:00') });
    spanA2 = await createTimeSpan(ctx.db, { productId: a.id, capacity: 10, startsAt: at(day, '11:00') });
    spanB = await createTimeSpan(ctx.db, { productId: b.id, capacity: 10, startsAt: at(day, '10:00') });
    spanBare = await createTimeSpan(ctx.db, { productId: bare.id, capacity: 10, startsAt: at(day, '10:00') });
    spanOther = await createTimeSpan(ctx.db, {
      productId: other.id,
      capacity: 10,
      startsAt: at(day, '10:00'),
    });
    drink = await createSetProduct(ctx.db, {
      site: 'NAGAI',
      name: 'Drink',
      price: 600,
      position: 2,
      productIds: [b.id],
    });
    guide = await createSetProduct(ctx.db, {
      site: 'NAGAI',
      name: 'Audio guide',
      price: 500,
      position: 1,
      productIds: [a.id],
    });
    shared = await createSetProduct(ctx.db, {
      site: 'NAGAI',
      name: 'Booklet',
      price: 1000,
      position: 3,
      productIds: [a.id, b.id],
    });
    await createSetProduct(ctx.db, { site: 'OKINAWA', name: 'Elsewhere', price: 1, productIds: [other.id] });
  });

  const search = (query: string, site = 'nagai') =>
    ctx.app.inject({ method: 'GET', url: `/${site}/api/v1/setproducts/search?${query}` });

  it('answers the add-ons of the slots’ products, localized, with price, in display order', async () => {
    const res = await search(`lang=en&main_product_time_span_ids=${spanA}`);
    expect(res.statusCode).toBe(200);
    expect(setProductSearchResponseSchema.parse(res.json())).toEqual([
      {
        uuid: guide,
        name: 'Audio guide (en)',
        description: 'Audio guide description (en)',
        price: 500,
        display_position: 1,
        main_product_time_span_ids: [spanA],
      },
      {
        uuid: shared,
        name: 'Booklet (en)',
        description: 'Booklet description (en)',
        price: 1000,
        display_position: 3,
        main_product_time_span_ids: [spanA],
      },
    ]);
  });

  it('merges several slots and says which slots each add-on goes with', async () => {
    const res = await search(
      `lang=th&main_product_time_span_ids=${spanB},${spanA},${spanA2},${spanA}&foo=bar`,
    );
    expect(res.statusCode).toBe(200);
    const body = setProductSearchResponseSchema.parse(res.json());
    expect(body.map((s) => [s.uuid, s.name, s.main_product_time_span_ids])).toEqual([
      [guide, 'Audio guide (th)', [spanA, spanA2].sort((x, y) => x - y)],
      [drink, 'Drink (th)', [spanB]],
      [shared, 'Booklet (th)', [spanA, spanA2, spanB].sort((x, y) => x - y)],
    ]);
  });

  it('answers [] for a slot whose product has no add-ons', async () => {
    const res = await search(`lang=ja&main_product_time_span_ids=${spanBare}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers record not found when a slot is unknown or belongs to another site', async () => {
    for (const ids of [`${spanA},999999999`, `${spanOther}`, `${spanA},${spanOther}`]) {
      const res = await search(`lang=ja&main_product_time_span_ids=${ids}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'record not found' });
    }
  });

  it.each([
    ['missing ids', 'lang=ja'],
    ['empty ids', 'lang=ja&main_product_time_span_ids='],
    ['non-numeric id', 'lang=ja&main_product_time_span_ids=1,x'],
    ['trailing comma', 'lang=ja&main_product_time_span_ids=1,'],
    ['missing lang', 'main_product_time_span_ids=1'],
    [
      'too many ids',
      `lang=ja&main_product_time_span_ids=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`,
    ],
  ])('answers invalid request for %s', async (_case, query) => {
    const res = await search(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid request');
  });
});
