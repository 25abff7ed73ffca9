import { beforeAll, describe, expect, it } from 'vitest';
import {
  membershipPromotionResponseSchema,
  setProductListSchema,
  setProductResponseSchema,
} from '@kippu/contract/console/catalogue-extras';
import { setupTestApp } from '../../../../test/helper.ts';
import { createProduct, createTimeSpan } from '../../../../test/factories.ts';
import { SITE_PATH } from '../../../../test/order-support.ts';
import {
  signedIn,
  twoOrganisations,
  type ConsoleAs,
  type Organisations,
} from '../operations/operations-test-support.ts';
import { EMPTY_TEXT, eventually, inEveryLanguage } from './catalogue-support.ts';

const ctx = setupTestApp();
let orgs: Organisations;
let owner: ConsoleAs;

beforeAll(async () => {
  orgs = await twoOrganisations(ctx.db, 'catalogue-extras');
  owner = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', 'all');
});

async function auditActions(objectType: string, objectId: string) {
  const { rows } = await ctx.db.$client.query<{ action: string }>(
    `SELECT action FROM audit_events WHERE object_type = $1 AND object_id = $2 ORDER BY id`,
    [objectType, objectId],
  );
  return rows.map((row) => row.action);
}

describe('set products from the console', () => {
  it('creates one linked to a product, visitors see it with the slot; edits it with versions; deletes it', async () => {
    const product = await createProduct(ctx.db, { site: 'DEMO' });
    const spanId = await createTimeSpan(ctx.db, { productId: product.id, capacity: 5 });
    const res = await owner.post('/sites/DEMO/set-products', {
      names: inEveryLanguage('Audio guide'),
      descriptions: EMPTY_TEXT,
      price: 500,
      product_ids: [product.id],
    });
    expect(res.statusCode).toBe(200);
    const setProduct = setProductResponseSchema.parse(res.json()).set_product;
    expect(setProduct).toMatchObject({ version: 1, product_ids: [product.id], price: 500, in_use: false });

    const visitorSearch = () =>
      ctx.app
        .inject({
          method: 'GET',
          url: `${SITE_PATH}/setproducts/search?main_product_time_span_ids=${spanId}&lang=en`,
        })
        .then((r) => JSON.stringify(r.json()));
    expect(await eventually(visitorSearch, (body) => body.includes(setProduct.uuid))).toContain(
      setProduct.uuid,
    );

    const foreign = await createProduct(ctx.db, { site: 'ARTIZON' });
    const wrongSite = await owner.put(`/sites/DEMO/set-products/${setProduct.id}`, {
      names: inEveryLanguage('Audio guide'),
      descriptions: EMPTY_TEXT,
      price: 600,
      product_ids: [foreign.id],
      expected_version: 1,
    });
    expect(wrongSite.statusCode).toBe(400);
    expect(wrongSite.json()).toMatchObject({ issues: [{ path: 'body.product_ids' }] });

    const edited = await owner.put(`/sites/DEMO/set-products/${setProduct.id}`, {
      names: inEveryLanguage('Audio guide'),
      descriptions: EMPTY_TEXT,
      price: 600,
      product_ids: [product.id],
      expected_version: 1,
    });
    expect(edited.statusCode).toBe(200);
    expect(setProductResponseSchema.parse(edited.json()).set_product).toMatchObject({
      version: 2,
      price: 600,
    });
    const stale = await owner.put(`/sites/DEMO/set-products/${setProduct.id}`, {
      names: inEveryLanguage('Audio guide'),
      descriptions: EMPTY_TEXT,
      price: 700,
      product_ids: [product.id],
      expected_version: 1,
    });
    expect(stale.json()).toMatchObject({ error: 'console edit conflict' });
    expect(await eventually(visitorSearch, (body) => body.includes('"price":600'))).toContain('"price":600');

    const list = setProductListSchema.parse((await owner.get('/sites/DEMO/set-products')).json());
    expect(list.set_products.map((s) => s.id)).toContain(setProduct.id);
    expect(
      (await owner.delete(`/sites/DEMO/set-products/${setProduct.id}?expected_version=2`)).statusCode,
    ).toBe(200);
    expect(await auditActions('set_product', String(setProduct.id))).toEqual(['create', 'update', 'delete']);
  });
});

describe('membership promotion', () => {
  it('is refused where the site does not use membership login', async () => {
    const none = membershipPromotionResponseSchema.parse(
      (await owner.get('/sites/DEMO/membership-promotion')).json(),
    );
    expect(none).toEqual({ membership_login: false, promotion: null });
    const refused = await owner.put('/sites/DEMO/membership-promotion', {
      names: inEveryLanguage('Members'),
      discount_percent: 10,
      expected_version: null,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ issues: [{ path: 'membership_login' }] });
  });

  it('is edited with versions, ended and set again where the site uses membership login (ARTIZON)', async () => {
    const seeded = membershipPromotionResponseSchema.parse(
      (await owner.get('/sites/ARTIZON/membership-promotion')).json(),
    );
    expect(seeded).toMatchObject({ membership_login: true, promotion: { version: 1 } });
    const body = { names: inEveryLanguage('Members'), discount_percent: 15 };
    const asNew = await owner.put('/sites/ARTIZON/membership-promotion', { ...body, expected_version: null });
    expect(asNew.json()).toMatchObject({ error: 'console edit conflict' });
    const edited = await owner.put('/sites/ARTIZON/membership-promotion', { ...body, expected_version: 1 });
    expect(edited.json()).toMatchObject({ promotion: { discount_percent: 15, version: 2 } });
    const tooMuch = await owner.put('/sites/ARTIZON/membership-promotion', {
      ...body,
      discount_percent: 101,
      expected_version: 2,
    });
    expect(tooMuch.statusCode).toBe(400);
    const stale = await owner.delete('/sites/ARTIZON/membership-promotion?expected_version=1');
    expect(stale.statusCode).toBe(409);
    const ended = await owner.delete('/sites/ARTIZON/membership-promotion?expected_version=2');
    expect(ended.json()).toEqual({ membership_login: true, promotion: null });
    const again = await owner.put('/sites/ARTIZON/membership-promotion', { ...body, expected_version: null });
    expect(again.json()).toMatchObject({ promotion: { discount_percent: 15, version: 1 } });
    expect(await auditActions('membership_promotion', 'ARTIZON')).toEqual(['update', 'delete', 'create']);

    const marketing = await signedIn(ctx.app, ctx.db, orgs.a, 'marketing', ['ARTIZON']);
    const refused = await marketing.put('/sites/ARTIZON/membership-promotion', {
      ...body,
      expected_version: 1,
    });
    expect(refused.statusCode).toBe(404);
  });
});
