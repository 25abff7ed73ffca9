import { beforeAll, describe, expect, it } from 'vitest';
import { productListSchema, productResponseSchema } from '@kippu/contract/console/catalogue-products';
import { setupTestApp } from '../../../../test/helper.ts';
import { createTimeSpan } from '../../../../test/factories.ts';
import { orderBody, postOrder, productWithSlot, SITE_PATH } from '../../../../test/order-support.ts';
import { payWithCard, paymentsOf, readyOrder } from '../../../../test/checkout-support.ts';
import {
  signedIn,
  twoOrganisations,
  type ConsoleAs,
  type Organisations,
} from '../operations/operations-test-support.ts';
import { EMPTY_TEXT, eventually, fieldsOf, inEveryLanguage, newProduct } from './catalogue-support.ts';

const ctx = setupTestApp();
let orgs: Organisations;
let owner: ConsoleAs;

beforeAll(async () => {
  orgs = await twoOrganisations(ctx.db, 'catalogue');
  owner = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', 'all');
});

const notFound = { error: 'record not found' };

async function created(as: ConsoleAs, patch: Parameters<typeof newProduct>[0] = {}) {
  const res = await as.post('/sites/DEMO/products', newProduct(patch));
  expect(res.statusCode).toBe(200);
  return productResponseSchema.parse(res.json()).product;
}

const visitorProducts = async () =>
  (await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/products?lang=en` })).json<{ uuid: string }[]>();
const listsVisitor = (uuid: string) => async () => (await visitorProducts()).some((p) => p.uuid === uuid);

async function auditOf(objectType: string, objectId: number | string) {
  const { rows } = await ctx.db.$client.query<{ action: string; before: unknown; after: unknown }>(
    `SELECT action, before, after FROM audit_events WHERE object_type = $1 AND object_id = $2 ORDER BY id`,
    [objectType, String(objectId)],
  );
  return rows;
}

describe('products from the console', () => {
  it('creates a draft that visitors neither see nor hold; published it shows and sells; retired it goes', async () => {
    const product = await created(owner);
    expect(product).toMatchObject({ status: 'draft', version: 1, product_type: 'time', deletable: true });
    expect(product.ticket_types.map((t) => [t.names.en, t.price, t.position])).toEqual([
      ['Adult (en)', 2000, 0],
      ['Child (en)', 800, 1],
    ]);
    expect(product.translation_gaps).toEqual([]);
    const spanId = await createTimeSpan(ctx.db, { productId: product.id, capacity: 10 });
    const slot = { uuid: product.uuid, spanId, optionValueIds: product.ticket_types.map((t) => t.id) };

    expect(await listsVisitor(product.uuid)()).toBe(false);
    const draftHold = await postOrder(ctx.app, orderBody(slot, 1));
    expect(draftHold.statusCode).toBe(404);
    expect(draftHold.json()).toEqual(notFound);

    const published = await owner.post(`/sites/DEMO/products/${product.id}/publish`, { expected_version: 1 });
    expect(published.statusCode).toBe(200);
    expect(productResponseSchema.parse(published.json()).product).toMatchObject({
      status: 'published',
      version: 2,
    });
    expect(await eventually(listsVisitor(product.uuid), (seen) => seen)).toBe(true);
    const hold = await eventually(
      () => postOrder(ctx.app, orderBody(slot, 1)),
      (res) => res.statusCode === 201,
    );
    expect(hold.statusCode).toBe(201);

    // Sold once, it can no longer be deleted, even as a draft again: retire it.
    const unpublished = await owner.post(`/sites/DEMO/products/${product.id}/unpublish`, {
      expected_version: 2,
    });
    expect(productResponseSchema.parse(unpublished.json()).product).toMatchObject({
      status: 'draft',
      deletable: false,
    });
    expect(await eventually(listsVisitor(product.uuid), (seen) => !seen)).toBe(false);
    const refused = await owner.delete(`/sites/DEMO/products/${product.id}?expected_version=3`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'console in use' });
    const retired = await owner.post(`/sites/DEMO/products/${product.id}/retire`, { expected_version: 3 });
    expect(productResponseSchema.parse(retired.json()).product).toMatchObject({
      status: 'retired',
      version: 4,
    });
    const retiredHold = await eventually(
      () => postOrder(ctx.app, orderBody(slot, 1)),
      (res) => res.statusCode === 404,
    );
    expect(retiredHold.json()).toEqual(notFound);

    const list = productListSchema.parse((await owner.get('/sites/DEMO/products')).json());
    expect(list.products.find((p) => p.id === product.id)).toMatchObject({
      status: 'retired',
      uuid: product.uuid,
    });
    expect((await auditOf('product', product.id)).map((e) => e.action)).toEqual([
      'create',
      'publish',
      'unpublish',
      'retire',
    ]);
  });

  it('deletes a draft no order names; another site answers 404', async () => {
    const product = await created(owner);
    const elsewhere = await owner.get(`/sites/ARTIZON/products/${product.id}`);
    expect(elsewhere.statusCode).toBe(404);
    const deleted = await owner.delete(`/sites/DEMO/products/${product.id}?expected_version=1`);
    expect(deleted.statusCode).toBe(200);
    expect((await owner.get(`/sites/DEMO/products/${product.id}`)).statusCode).toBe(404);
    expect((await auditOf('product', product.id)).map((e) => e.action)).toEqual(['create', 'delete']);
  });

  it('refuses to publish with a language missing unless the fallback is confirmed, which is audited', async () => {
    const product = await created(owner, {
      names: { ...inEveryLanguage('Half translated'), th: '' },
      cautions: { ...EMPTY_TEXT, ja: '注意', en: 'Caution' },
    });
    expect(product.translation_gaps).toEqual([
      { field: 'names', languages: ['th'] },
      { field: 'cautions', languages: ['zh-hans', 'kr', 'zh-hant', 'th'] },
    ]);
    const refused = await owner.post(`/sites/DEMO/products/${product.id}/publish`, { expected_version: 1 });
    expect(refused.statusCode).toBe(400);
    const body = refused.json<{ error: string; issues: { path: string }[] }>();
    expect(body.error).toBe('console translation missing');
    expect(body.issues.map((i) => i.path)).toEqual([
      'names.th',
      'cautions.zh-hans',
      'cautions.kr',
      'cautions.zh-hant',
      'cautions.th',
    ]);
    const read = productResponseSchema.parse((await owner.get(`/sites/DEMO/products/${product.id}`)).json());
    expect(read.product).toMatchObject({ status: 'draft', version: 1 });

    const confirmed = await owner.post(`/sites/DEMO/products/${product.id}/publish`, {
      expected_version: 1,
      confirm_fallback: true,
    });
    expect(confirmed.statusCode).toBe(200);
    const publish = (await auditOf('product', product.id)).find((e) => e.action === 'publish');
    expect(publish?.after).toMatchObject({
      status: 'published',
      confirmed_fallback: product.translation_gaps,
    });
  });

  it('a ticket type with a missing name is a gap too; a product without ticket types is not published', async () => {
    const product = await created(owner, { ticket_types: [] });
    const empty = await owner.post(`/sites/DEMO/products/${product.id}/publish`, { expected_version: 1 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'invalid request', issues: [{ path: 'ticket_types' }] });

    const added = await owner.post(`/sites/DEMO/products/${product.id}/ticket-types`, {
      expected_version: 1,
      names: { ...EMPTY_TEXT, ja: '大人', en: 'Adult' },
      price: 1500,
    });
    expect(added.statusCode).toBe(200);
    const withType = productResponseSchema.parse(added.json()).product;
    const typeId = withType.ticket_types[0]!.id;
    expect(withType.version).toBe(2);
    expect(withType.translation_gaps).toEqual([
      { field: `ticket_types.${typeId}.names`, languages: ['zh-hans', 'kr', 'zh-hant', 'th'] },
    ]);
    const refused = await owner.post(`/sites/DEMO/products/${product.id}/publish`, { expected_version: 2 });
    expect(refused.json()).toMatchObject({ error: 'console translation missing' });
  });

  it('validates: negative or absurd prices, too long texts, a sale ending before it starts: 400 with issues', async () => {
    const cases: [Parameters<typeof newProduct>[0], string][] = [
      [{ ticket_types: [{ names: inEveryLanguage('Adult'), price: -1 }] }, 'body.ticket_types.0.price'],
      [
        { ticket_types: [{ names: inEveryLanguage('Adult'), price: 10_000_001 }] },
        'body.ticket_types.0.price',
      ],
      [{ names: { ...inEveryLanguage('x'), en: 'x'.repeat(201) } }, 'body.names.en'],
      [
        { sale_starts_at: '2027-05-02T10:00:00+09:00', sale_ends_at: '2027-05-01T10:00:00+09:00' },
        'body.sale_ends_at',
      ],
      [{ min_quantity: 5, max_quantity: 2 }, 'body.max_quantity'],
      [{ names: EMPTY_TEXT }, 'body.names'],
      [{ image_url: 'javascript:alert(1)' }, 'body.image_url'],
      [{ image_url: '//elsewhere.example/image.png' }, 'body.image_url'],
      [{ sale_starts_at: '0000-01-01T00:00:00Z' }, 'body.sale_starts_at'],
    ];
    for (const [patch, path] of cases) {
      const res = await owner.post('/sites/DEMO/products', newProduct(patch));
      expect(res.statusCode, path).toBe(400);
      expect(
        res.json<{ issues: { path: string }[] }>().issues.map((i) => i.path),
        path,
      ).toContain(path);
    }
    const product = await created(owner);
    const typeId = product.ticket_types[0]!.id;
    const hugeProduct = await owner.put('/sites/DEMO/products/99999999999', {
      ...fieldsOf(product),
      expected_version: 1,
    });
    expect(hugeProduct.json()).toMatchObject({ error: 'invalid request', issues: [{ path: 'params.id' }] });
    const hugeType = await owner.put('/sites/DEMO/ticket-types/4294967296', {
      expected_version: 1,
      names: inEveryLanguage('Adult'),
      price: 100,
    });
    expect(hugeType.json()).toMatchObject({ error: 'invalid request', issues: [{ path: 'params.id' }] });
    const noVersion = await owner.delete(`/sites/DEMO/products/${product.id}`);
    expect(noVersion.json()).toMatchObject({ issues: [{ path: 'querystring.expected_version' }] });
    // Another organisation's site answers 404 before the body is even looked at.
    expect((await owner.post('/sites/OKINAWA/products', { nonsense: true })).json()).toEqual(notFound);
    const hugeVersion = await owner.delete(`/sites/DEMO/products/${product.id}?expected_version=9999999999`);
    expect(hugeVersion.statusCode).toBe(400);
    const hugeIds = await owner.post('/sites/DEMO/products/order', {
      products: [{ id: 2 ** 40, expected_version: 1 }],
    });
    expect(hugeIds.statusCode).toBe(400);
    const absurd = await owner.put(`/sites/DEMO/ticket-types/${typeId}`, {
      expected_version: 1,
      names: inEveryLanguage('Adult'),
      price: 99_999_999_999,
    });
    expect(absurd.statusCode).toBe(400);
  });

  it('edits, reorders and removes ticket types; one an order has cannot be removed', async () => {
    const slot = await productWithSlot(ctx.db, 10, { prices: [1000, 500, 300] });
    const held = await postOrder(ctx.app, orderBody(slot, 1));
    expect(held.statusCode).toBe(201);
    const [sold, unsold, third] = slot.optionValueIds as [number, number, number];
    const product = productResponseSchema.parse(
      (await owner.get(`/sites/DEMO/products/${slot.id}`)).json(),
    ).product;
    expect(product.ticket_types.map((t) => [t.id, t.in_use])).toEqual([
      [sold, true],
      [unsold, false],
      [third, false],
    ]);

    const inUse = await owner.delete(`/sites/DEMO/ticket-types/${sold}?expected_version=1`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toEqual({ error: 'console in use' });
    const removed = await owner.delete(`/sites/DEMO/ticket-types/${unsold}?expected_version=1`);
    expect(removed.statusCode).toBe(200);
    const afterRemove = productResponseSchema.parse(removed.json()).product;
    expect(afterRemove.ticket_types.map((t) => t.id)).toEqual([sold, third]);

    const reordered = await owner.post(`/sites/DEMO/products/${slot.id}/ticket-types/order`, {
      expected_version: afterRemove.version,
      ids: [third, sold],
    });
    expect(reordered.statusCode).toBe(200);
    expect(productResponseSchema.parse(reordered.json()).product.ticket_types.map((t) => t.id)).toEqual([
      third,
      sold,
    ]);
    const incomplete = await owner.post(`/sites/DEMO/products/${slot.id}/ticket-types/order`, {
      expected_version: afterRemove.version + 1,
      ids: [third],
    });
    expect(incomplete.statusCode).toBe(400);
    expect((await auditOf('option_value', unsold)).map((e) => e.action)).toEqual(['delete']);
  });
  it('a published product keeps its last ticket type; unpublished, it may go', async () => {
    const slot = await productWithSlot(ctx.db, 10, { prices: [1000, 500] });
    const [first, last] = slot.optionValueIds as [number, number];
    const removed = await owner.delete(`/sites/DEMO/ticket-types/${first}?expected_version=1`);
    expect(removed.statusCode).toBe(200);
    const lastOne = await owner.delete(`/sites/DEMO/ticket-types/${last}?expected_version=1`);
    expect(lastOne.statusCode).toBe(400);
    expect(lastOne.json()).toMatchObject({ error: 'invalid request', issues: [{ path: 'ticket_types' }] });
    const kept = productResponseSchema.parse((await owner.get(`/sites/DEMO/products/${slot.id}`)).json());
    expect([kept.product.status, kept.product.ticket_types.map((t) => t.id)]).toEqual(['published', [last]]);
    expect((await auditOf('option_value', last)).map((e) => e.action)).toEqual([]);

    const unpublished = await owner.post(`/sites/DEMO/products/${slot.id}/unpublish`, {
      expected_version: kept.product.version,
    });
    expect(unpublished.statusCode).toBe(200);
    const gone = await owner.delete(`/sites/DEMO/ticket-types/${last}?expected_version=1`);
    expect(gone.statusCode).toBe(200);
    expect(productResponseSchema.parse(gone.json()).product.ticket_types).toEqual([]);
  });
});

describe('versions', () => {
  it('the second of two writers working from the same version gets console edit conflict, nothing overwritten', async () => {
    const planner = await signedIn(ctx.app, ctx.db, orgs.a, 'planner', ['DEMO']);
    const product = await created(owner);
    const first = await owner.put(`/sites/DEMO/products/${product.id}`, {
      ...fieldsOf(product),
      names: inEveryLanguage('First writer'),
      expected_version: 1,
    });
    expect(first.statusCode).toBe(200);
    const second = await planner.put(`/sites/DEMO/products/${product.id}`, {
      ...fieldsOf(product),
      names: inEveryLanguage('Second writer'),
      expected_version: 1,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: 'console edit conflict' });
    const read = productResponseSchema.parse(
      (await owner.get(`/sites/DEMO/products/${product.id}`)).json(),
    ).product;
    expect(read).toMatchObject({ version: 2, names: { en: 'First writer (en)' } });
    const update = (await auditOf('product', product.id)).find((e) => e.action === 'update');
    expect(update).toMatchObject({
      before: { names: { en: 'Console exhibition (en)' } },
      after: { names: { en: 'First writer (en)' } },
    });

    // A ticket type has its own version; so do the reorder, the publication and the delete.
    const typeId = product.ticket_types[0]!.id;
    const body = { names: inEveryLanguage('Adult'), price: 2100, expected_version: 1 };
    expect((await owner.put(`/sites/DEMO/ticket-types/${typeId}`, body)).statusCode).toBe(200);
    const stale = await planner.put(`/sites/DEMO/ticket-types/${typeId}`, { ...body, price: 2200 });
    expect(stale.json()).toMatchObject({ error: 'console edit conflict' });
    const staleOrder = await owner.post('/sites/DEMO/products/order', {
      products: [{ id: product.id, expected_version: 1 }],
    });
    expect(staleOrder.statusCode).toBe(409);
    expect(
      (await owner.post(`/sites/DEMO/products/${product.id}/publish`, { expected_version: 1 })).statusCode,
    ).toBe(409);
    expect((await owner.delete(`/sites/DEMO/products/${product.id}?expected_version=1`)).statusCode).toBe(
      409,
    );
  });

  it('of two writers at the same moment with the same version, exactly one wins', async () => {
    const product = await created(owner);
    const write = (name: string) =>
      owner.put(`/sites/DEMO/products/${product.id}`, {
        ...fieldsOf(product),
        names: inEveryLanguage(name),
        expected_version: 1,
      });
    const answers = await Promise.all([write('Left'), write('Right')]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const read = productResponseSchema.parse(
      (await owner.get(`/sites/DEMO/products/${product.id}`)).json(),
    ).product;
    const winner = answers.find((res) => res.statusCode === 200)!;
    expect(read.names).toEqual(productResponseSchema.parse(winner.json()).product.names);
    expect(read.version).toBe(2);
  });

  it('reorders products: positions follow the list', async () => {
    const a = await created(owner);
    const b = await created(owner);
    const res = await owner.post('/sites/DEMO/products/order', {
      products: [
        { id: b.id, expected_version: b.version },
        { id: a.id, expected_version: a.version },
      ],
    });
    expect(res.statusCode).toBe(200);
    const listed = productListSchema.parse(res.json()).products.filter((p) => p.id === a.id || p.id === b.id);
    expect(listed.map((p) => [p.id, p.position])).toEqual([
      [b.id, 0],
      [a.id, 1],
    ]);
  });
});

describe('prices change for future sales only', () => {
  it('a paid order, its receipt and its payment keep the old price; a new hold is priced at the new one', async () => {
    const slot = await productWithSlot(ctx.db, 20, { prices: [3000, 1000] });
    const order = await readyOrder(ctx.app, ctx.db, slot, 2);
    const paid = await payWithCard(ctx.app, order.token);
    expect(paid.statusCode).toBe(200);
    const reservationToken = paid.json<{ reservation_token: string }>().reservation_token;

    const typeId = slot.optionValueIds[0]!;
    const repriced = await owner.put(`/sites/DEMO/ticket-types/${typeId}`, {
      expected_version: 1,
      names: inEveryLanguage('Ticket 0'),
      price: 4500,
    });
    expect(repriced.statusCode).toBe(200);
    expect((await auditOf('option_value', typeId)).at(-1)).toMatchObject({
      action: 'update',
      before: { price: 3000 },
      after: { price: 4500 },
    });

    const { rows } = await ctx.db.$client.query<{ price: number; unit_price: number }>(
      `SELECT o.price, l.unit_price FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE o.id = $1`,
      [order.id],
    );
    expect(rows).toEqual([{ price: 6000, unit_price: 3000 }]);
    const receipt = await ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/receipts/${reservationToken}?lang=en`,
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json()).toMatchObject({
      items: [{ unit_price: 3000, quantity: 2, amount: 6000 }],
      total: 6000,
    });
    // What a refund pays back is the payment's amount.
    expect((await paymentsOf(ctx.db, order.id)).map((p) => p.amount)).toEqual([6000]);

    // The hold reads a product at most a second old (product-for-sale.ts): asked until the new price applies.
    const held = await eventually(
      async () => {
        const res = await postOrder(ctx.app, orderBody(slot, 1));
        expect(res.statusCode).toBe(201);
        const token = res.json<{ order_token: string }>().order_token;
        const found = await ctx.db.$client.query<{ price: number }>(
          `SELECT price FROM orders WHERE order_token = $1`,
          [token],
        );
        return found.rows[0]!.price;
      },
      (price) => price === 4500,
    );
    expect(held).toBe(4500);
  });
});

describe('visitors see console changes', () => {
  it('a new name and a new price show on the visitor list once its cache allows', async () => {
    const slot = await productWithSlot(ctx.db, 5, { prices: [1200] });
    const product = productResponseSchema.parse(
      (await owner.get(`/sites/DEMO/products/${slot.id}`)).json(),
    ).product;
    const visitorView = async () =>
      (await visitorProducts()).find((p) => p.uuid === slot.uuid) as
        { name: string; option_values: { price: number }[] } | undefined;
    expect(await visitorView()).toMatchObject({
      name: 'Fixture product (en)',
      option_values: [{ price: 1200 }],
    });

    const renamed = await owner.put(`/sites/DEMO/products/${slot.id}`, {
      ...fieldsOf(product),
      names: inEveryLanguage('Renamed in the console'),
      expected_version: 1,
    });
    expect(renamed.statusCode).toBe(200);
    const repriced = await owner.put(`/sites/DEMO/ticket-types/${slot.optionValueIds[0]}`, {
      expected_version: 1,
      names: inEveryLanguage('Adult'),
      price: 1300,
    });
    expect(repriced.statusCode).toBe(200);
    const seen = await eventually(visitorView, (view) => view?.option_values[0]?.price === 1300);
    expect(seen).toMatchObject({ name: 'Renamed in the console (en)', option_values: [{ price: 1300 }] });
  });
});

describe('permissions', () => {
  it('owner, administrator and planner write; finance reads only; gate has no catalogue; other organisations 404', async () => {
    for (const template of ['administrator', 'planner'] as const) {
      const writer = await signedIn(ctx.app, ctx.db, orgs.a, template, ['DEMO']);
      expect((await writer.post('/sites/DEMO/products', newProduct())).statusCode, template).toBe(200);
    }
    const finance = await signedIn(ctx.app, ctx.db, orgs.a, 'finance', ['DEMO']);
    const read = await finance.get('/sites/DEMO/products');
    expect([read.statusCode, read.headers['cache-control']]).toEqual([200, 'private, no-store']);
    const financeWrite = await finance.post('/sites/DEMO/products', newProduct());
    expect(financeWrite.statusCode).toBe(404);
    expect(financeWrite.json()).toEqual(notFound);

    const gate = await signedIn(ctx.app, ctx.db, orgs.a, 'gate', ['DEMO']);
    expect((await gate.get('/sites/DEMO/products')).json()).toEqual(notFound);

    const other = await signedIn(ctx.app, ctx.db, orgs.b, 'owner', 'all');
    const product = await created(owner);
    expect((await other.get('/sites/DEMO/products')).statusCode).toBe(404);
    expect((await other.get(`/sites/OKINAWA/products/${product.id}`)).statusCode).toBe(404);
    expect((await owner.get('/sites/OKINAWA/products')).statusCode).toBe(404);
    const siteLimited = await signedIn(ctx.app, ctx.db, orgs.a, 'planner', ['ARTIZON']);
    expect((await siteLimited.get('/sites/DEMO/products')).statusCode).toBe(404);
  });

  it('marketing reads the catalogue but cannot change products, ticket types or set products', async () => {
    const marketing = await signedIn(ctx.app, ctx.db, orgs.a, 'marketing', ['DEMO']);
    const product = await created(owner);
    expect((await marketing.get(`/sites/DEMO/products/${product.id}`)).statusCode).toBe(200);
    const attempts = [
      await marketing.post('/sites/DEMO/products', newProduct()),
      await marketing.put(`/sites/DEMO/products/${product.id}`, {
        ...fieldsOf(product),
        expected_version: 1,
      }),
      await marketing.post(`/sites/DEMO/products/${product.id}/publish`, { expected_version: 1 }),
      await marketing.put(`/sites/DEMO/ticket-types/${product.ticket_types[0]!.id}`, {
        expected_version: 1,
        names: inEveryLanguage('Adult'),
        price: 1,
      }),
      await marketing.delete(`/sites/DEMO/products/${product.id}?expected_version=1`),
      await marketing.post('/sites/DEMO/set-products', {
        names: inEveryLanguage('Guide'),
        descriptions: EMPTY_TEXT,
        price: 500,
        product_ids: [product.id],
      }),
    ];
    expect(attempts.map((res) => res.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    // Before the body is validated: a malformed write tells marketing nothing about the schema either.
    const malformed = await marketing.post('/sites/DEMO/products', { names: 42 });
    expect([malformed.statusCode, malformed.json()]).toEqual([404, notFound]);
    const read = productResponseSchema.parse(
      (await owner.get(`/sites/DEMO/products/${product.id}`)).json(),
    ).product;
    expect(read).toMatchObject({
      version: 1,
      status: 'draft',
      ticket_types: [{ price: 2000 }, { price: 800 }],
    });
  });
});
