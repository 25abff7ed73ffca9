import { beforeAll, describe, expect, it } from 'vitest';
import { productsResponseSchema } from '@kippu/contract';
import { setupTestApp } from '../../../test/helper.ts';
import { createProduct } from '../../../test/factories.ts';
import { cleanSite, setProductFields } from './catalogue-test-fixtures.ts';

describe('GET /products', () => {
  const ctx = setupTestApp();
  let web: Awaited<ReturnType<typeof createProduct>>;
  let first: Awaited<ReturnType<typeof createProduct>>;
  let posOnly: Awaited<ReturnType<typeof createProduct>>;

  beforeAll(async () => {
    await cleanSite(ctx.db, 'NAGAI');
    await cleanSite(ctx.db, 'OKINAWA');
    web = await createProduct(ctx.db, { site: 'NAGAI', prices: [2500, 1200, 0] });
    first = await createProduct(ctx.db, { site: 'NAGAI', type: 'date', prices: [900] });
    posOnly = await createProduct(ctx.db, { site: 'NAGAI', channels: ['pos'] });
    await createProduct(ctx.db, { site: 'OKINAWA' });
    await setProductFields(ctx.db, web.id, {
      position: 2,
      names: { ja: '通常入場', en: 'General admission', 'zh-hans': '', kr: '', 'zh-hant': '', th: '' },
    });
    await setProductFields(ctx.db, first.id, { position: 1 });
    await setProductFields(ctx.db, posOnly.id, { position: 0 });
  });

  it('lists the web products of the site in display order, localized, with ticket types', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/nagai/api/v1/products?lang=en' });
    expect(res.statusCode).toBe(200);
    const body = productsResponseSchema.parse(res.json());
    expect(body.map((p) => p.uuid)).toEqual([first.uuid, web.uuid]);
    expect(body[1]!.name).toBe('General admission');
    expect(body[0]!.name).toBe('Fixture product (en)');
    expect(body[0]!.product_type).toBe('date');
    expect(body[1]!.option_values.map((o) => [o.id, o.price, o.name])).toEqual([
      [web.optionValueIds[0], 2500, 'Ticket 0 (en)'],
      [web.optionValueIds[1], 1200, 'Ticket 1 (en)'],
      [web.optionValueIds[2], 0, 'Ticket 2 (en)'],
    ]);
  });

  it('falls back to Japanese when the language has no text', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/nagai/api/v1/products?lang=kr' });
    expect(res.json().find((p: { uuid: string }) => p.uuid === web.uuid).name).toBe('通常入場');
  });

  it('filters by sale channel', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/nagai/api/v1/products?lang=ja&channel=pos' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { uuid: string }) => p.uuid)).toEqual([posOnly.uuid]);
  });

  it('never shows another site’s products', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/okinawa/api/v1/products?lang=ja' });
    const uuids = res.json().map((p: { uuid: string }) => p.uuid);
    expect(uuids).toHaveLength(1);
    expect(uuids).not.toContain(web.uuid);
  });

  it.each([
    ['missing lang', ''],
    ['unknown lang', '?lang=fr'],
    ['unknown channel', '?lang=ja&channel=fax'],
  ])('answers invalid request for %s', async (_case, query) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/nagai/api/v1/products${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid request');
  });

  it('documents every catalogue call in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      'products',
      'products/search',
      'products/search2',
      'products/stocks',
      'products/stocks-statuses',
      'products/orderable_stocks',
      'calendar/colors',
      'setproducts/search',
    ]) {
      expect(paths).toContain(`/{slug}/api/v1/${path}`);
    }
  });
});
