import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  COUPON_CODE_ALPHABET,
  couponAnswerSchema,
  couponBatchAnswerSchema,
  couponCampaignAnswerSchema,
  couponCampaignListSchema,
  couponListSchema,
  couponPaymentMethodListSchema,
  couponUsesSchema,
} from '@kippu/contract/console/coupons-schemas';
import { CARDS, cardToken, postCheckout, readyOrder } from '../../../../test/checkout-support.ts';
import { setupTestApp, visitorAddress, xsrfHeaders } from '../../../../test/helper.ts';
import {
  createCoupon,
  createProduct,
  createTimeSpan,
  everyLang,
  type ProductFixture,
} from '../../../../test/factories.ts';
import {
  signedIn,
  twoOrganisations,
  type ConsoleAs,
  type Organisations,
} from '../operations/operations-test-support.ts';

const ctx = setupTestApp();
let orgs: Organisations;
let owner: ConsoleAs;
let product: ProductFixture;
let timeSpanId: number;
let seq = 0;

const notFound = { error: 'record not found' };
const VISIT = new Date('2030-05-10T01:00:00Z');

beforeAll(async () => {
  orgs = await twoOrganisations(ctx.db, 'coupons');
  owner = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', 'all');
  product = await createProduct(ctx.db, { site: 'DEMO', prices: [3000, 1000] });
  timeSpanId = await createTimeSpan(ctx.db, { productId: product.id, capacity: 100, startsAt: VISIT });
});

const uniqueCode = (stem: string) => `${stem}-${process.pid}-${++seq}`;

function definition(patch: Record<string, unknown> = {}) {
  return {
    kind: 'percent',
    discount_value: 10,
    names: everyLang('Spring'),
    campaign: 'spring',
    valid_from: null,
    valid_to: null,
    coverage_from: null,
    coverage_to: null,
    channels: ['web'],
    product_ids: null,
    usage_limit: null,
    enabled: true,
    ...patch,
  };
}

async function createOne(patch: Record<string, unknown> = {}, as: ConsoleAs = owner) {
  const res = await as.post('/sites/DEMO/coupons', { code: uniqueCode('C'), ...definition(patch) });
  expect(res.statusCode, res.body).toBe(200);
  return couponAnswerSchema.parse(res.json()).coupon;
}

/** A temporary order of one adult (3000 yen) on the product's slot, as the visitor's booking leaves it. */
async function visitorOrder(): Promise<{ id: number; token: string }> {
  const token = randomBytes(16).toString('base64url');
  const { rows } = await ctx.db.$client.query(
    `INSERT INTO orders (order_token, site_code, channel, status, lang, product_id, time_span_id, quantity, price,
       expires_at)
     VALUES ($1, 'DEMO', 'web', 'holding', 'en', $2, $3, 1, 3000, now() + interval '20 minutes') RETURNING id`,
    [token, product.id, timeSpanId],
  );
  const id = Number(rows[0].id);
  await ctx.db.$client.query(
    `INSERT INTO order_lines (order_id, option_value_id, quantity, unit_price) VALUES ($1, $2, 1, 3000)`,
    [id, product.optionValueIds[0]],
  );
  return { id, token };
}

/** The visitor side's call (ADR 008): the same path a visitor's confirm screen takes. */
function applyAsVisitor(token: string, code: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/demo/api/v1/ordercoupons/${token}`,
    headers: xsrfHeaders(),
    remoteAddress: visitorAddress(),
    payload: { coupon_code: code },
  });
}

async function auditRows(objectType: string, objectId: string) {
  const { rows } = await ctx.db.$client.query(
    `SELECT action, before, after FROM audit_events WHERE object_type = $1 AND object_id = $2 ORDER BY id`,
    [objectType, objectId],
  );
  return rows as { action: string; before: unknown; after: Record<string, unknown> | null }[];
}

describe('coupons of every kind', () => {
  it('creates, reads, lists and edits percent, fixed and invitation coupons, audited, with versions', async () => {
    const percent = await createOne({ kind: 'percent', discount_value: 15, usage_limit: 3 });
    const fixed = await createOne({ kind: 'fixed', discount_value: 500, channels: ['web', 'spot'] });
    const invitation = await createOne({
      kind: 'invitation',
      discount_value: null,
      product_ids: [product.id],
      coverage_from: '2030-05-01',
      coverage_to: '2030-05-31',
      valid_from: '2030-01-01T00:00:00+09:00',
      valid_to: '2030-12-31T00:00:00+09:00',
    });
    expect(percent).toMatchObject({ kind: 'percent', discount_value: 15, usage_limit: 3, used_count: 0 });
    expect(fixed).toMatchObject({ kind: 'fixed', discount_value: 500, channels: ['web', 'spot'] });
    expect(invitation).toMatchObject({
      kind: 'invitation',
      discount_value: null,
      product_ids: [product.id],
      coverage_from: '2030-05-01',
      coverage_to: '2030-05-31',
      valid_from: '2029-12-31T15:00:00.000Z',
      version: 1,
      batch_id: null,
    });

    const read = await owner.get(`/sites/DEMO/coupons/${fixed.id}`);
    expect(couponAnswerSchema.parse(read.json()).coupon).toEqual(fixed);

    const list = async (query: string) =>
      couponListSchema.parse((await owner.get(`/sites/DEMO/coupons?${query}`)).json());
    const invitations = await list('kind=invitation&limit=500');
    expect(invitations.coupons.map((c) => c.id)).toContain(invitation.id);
    expect(invitations.coupons.every((c) => c.kind === 'invitation')).toBe(true);
    const byCode = await list(`q=${encodeURIComponent(fixed.code.toLowerCase())}`);
    expect(byCode.coupons.map((c) => c.id)).toEqual([fixed.id]);
    expect(byCode.total).toBe(1);

    const edited = await owner.put(`/sites/DEMO/coupons/${percent.id}`, {
      code: percent.code,
      ...definition({ kind: 'fixed', discount_value: 700, names: everyLang('Renamed') }),
      expected_version: 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(couponAnswerSchema.parse(edited.json()).coupon).toMatchObject({
      kind: 'fixed',
      discount_value: 700,
      version: 2,
    });
    expect((await list(`q=Renamed&limit=500`)).coupons.map((c) => c.id)).toContain(percent.id);
    // Names are searched by their texts, not their language keys.
    expect((await list(`q=${encodeURIComponent('"ja"')}&limit=500`)).coupons).toEqual([]);

    // The second writer with the version it read gets a conflict, not a silent overwrite.
    const stale = await owner.put(`/sites/DEMO/coupons/${percent.id}`, {
      code: percent.code,
      ...definition(),
      expected_version: 1,
    });
    expect([stale.statusCode, stale.json().error]).toEqual([409, 'console edit conflict']);

    const off = await owner.patch(`/sites/DEMO/coupons/${fixed.id}`, { enabled: false, expected_version: 1 });
    expect(couponAnswerSchema.parse(off.json()).coupon).toMatchObject({ enabled: false, version: 2 });
    const disabled = await list('enabled=false&limit=500');
    expect(disabled.coupons.map((c) => c.id)).toContain(fixed.id);
    expect(disabled.coupons.every((c) => !c.enabled)).toBe(true);

    expect((await auditRows('coupon', String(percent.id))).map((r) => r.action)).toEqual([
      'create',
      'update',
    ]);
    expect((await auditRows('coupon', String(fixed.id))).map((r) => r.action)).toEqual(['create', 'disable']);
  });

  it('answers console code taken for a code the site has, on create and on edit', async () => {
    const first = await createOne();
    const again = await owner.post('/sites/DEMO/coupons', { code: first.code, ...definition() });
    expect([again.statusCode, again.json()]).toEqual([
      409,
      { error: 'console code taken', issues: [{ path: 'code', message: 'taken' }] },
    ]);
    const demo = await owner.post('/sites/DEMO/coupons', { code: 'DEMO10', ...definition() });
    expect(demo.statusCode).toBe(409);
    const second = await createOne();
    const renamed = await owner.put(`/sites/DEMO/coupons/${second.id}`, {
      code: first.code,
      ...definition(),
      expected_version: 1,
    });
    expect([renamed.statusCode, renamed.json().error]).toEqual([409, 'console code taken']);
  });

  it('refuses bad definitions with 400 on the field, never a server error', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'percent', discount_value: 0 }, 'body.discount_value'],
      [{ kind: 'percent', discount_value: 101 }, 'body.discount_value'],
      [{ kind: 'fixed', discount_value: 10_000_001 }, 'body.discount_value'],
      [{ kind: 'fixed', discount_value: null }, 'body.discount_value'],
      [{ valid_from: '2030-02-01T00:00:00Z', valid_to: '2030-01-01T00:00:00Z' }, 'body.valid_to'],
      [{ coverage_from: '0000-01-01' }, 'body.coverage_from'],
      [{ valid_from: '0000-01-01T00:00:00Z' }, 'body.valid_from'],
      [{ coverage_from: '2030-02-01', coverage_to: '2030-01-31' }, 'body.coverage_to'],
      [{ usage_limit: 0 }, 'body.usage_limit'],
      [{ channels: [] }, 'body.channels'],
      [{ channels: ['web', 'web'] }, 'body.channels'],
      [{ names: { ...everyLang('x'), th: '' } }, 'body.names.th'],
      [{ campaign: 'nul\u0000' }, 'body.campaign'],
    ];
    for (const [patch, path] of cases) {
      const res = await owner.post('/sites/DEMO/coupons', { code: uniqueCode('BAD'), ...definition(patch) });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(
        res.json().issues.map((i: { path: string }) => i.path),
        JSON.stringify(patch),
      ).toContain(path);
    }
    // An invitation's value is ignored, not refused (a form switching kinds may leave one behind).
    expect(await createOne({ kind: 'invitation', discount_value: 5 })).toMatchObject({
      discount_value: null,
    });
    const huge = await owner.get('/sites/DEMO/coupons/2147483648');
    expect([huge.statusCode, huge.json()]).toEqual([404, notFound]);
    const hugeBatch = await owner.get('/sites/DEMO/coupon-batches/2147483648/uses');
    expect(hugeBatch.statusCode).toBe(404);
    const hugeVersion = await owner.patch('/sites/DEMO/coupons/1', {
      enabled: true,
      expected_version: 2 ** 31,
    });
    expect(hugeVersion.statusCode).toBe(400);
    const badCode = await owner.post('/sites/DEMO/coupons', { code: 'a b', ...definition() });
    expect(badCode.statusCode).toBe(400);

    const okinawa = await createProduct(ctx.db, { site: 'OKINAWA' });
    const foreign = await owner.post('/sites/DEMO/coupons', {
      code: uniqueCode('F'),
      ...definition({ product_ids: [okinawa.id] }),
    });
    expect([foreign.statusCode, foreign.json().issues]).toEqual([
      400,
      [{ path: 'product_ids', message: 'not a product of this site' }],
    ]);
  });

  it('never lowers a limit below the uses already taken', async () => {
    const limited = await createOne({ usage_limit: 2 });
    const order = await visitorOrder();
    expect((await applyAsVisitor(order.token, limited.code)).statusCode).toBe(200);
    const res = await owner.put(`/sites/DEMO/coupons/${limited.id}`, {
      code: limited.code,
      ...definition({ usage_limit: 1 }),
      expected_version: 1,
    });
    expect(res.statusCode).toBe(200);
    const reread = couponAnswerSchema.parse((await owner.get(`/sites/DEMO/coupons/${limited.id}`)).json());
    expect(reread.coupon).toMatchObject({ usage_limit: 1, used_count: 1 });
    const below = await createOne({ usage_limit: 3 });
    const o1 = await visitorOrder();
    const o2 = await visitorOrder();
    expect((await applyAsVisitor(o1.token, below.code)).statusCode).toBe(200);
    expect((await applyAsVisitor(o2.token, below.code)).statusCode).toBe(200);
    const tooLow = await owner.put(`/sites/DEMO/coupons/${below.id}`, {
      code: below.code,
      ...definition({ usage_limit: 1 }),
      expected_version: 1,
    });
    expect([tooLow.statusCode, tooLow.json().issues[0].path]).toEqual([400, 'usage_limit']);
  });
});

describe('payment-method discounts (ADR 103)', () => {
  it('lists the methods a coupon may be bound to: the site’s, without free, the counter’s and on account', async () => {
    const res = await owner.get('/sites/DEMO/coupon-payment-methods');
    expect(res.statusCode, res.body).toBe(200);
    // DEMO offers stripe, gmo, gmo_3ds and free on the web, cash and the card terminal at the counter, gmo on
    // the kiosk and on_account to partners (seed/payment-methods.ts).
    expect(couponPaymentMethodListSchema.parse(res.json()).payment_methods.slice().sort()).toEqual([
      'gmo',
      'gmo_3ds',
      'stripe',
    ]);
    // A method the site stops offering leaves the list.
    await ctx.db.$client.query(
      `UPDATE payment_methods SET enabled = false WHERE site_code = 'OKINAWA' AND method = 'alipay'`,
    );
    const otherOrgOwner = await signedIn(ctx.app, ctx.db, orgs.b, 'owner', 'all');
    const okinawa = (await otherOrgOwner.get('/sites/OKINAWA/coupon-payment-methods')).json();
    expect(okinawa.payment_methods).not.toContain('alipay');
    expect(okinawa.payment_methods).toContain('gmo_paypay');
  });

  it('creates, reads back, edits and clears a coupon’s methods, audited; absent means any method', async () => {
    const bound = await createOne({ payment_methods: ['gmo_3ds', 'stripe'] });
    expect(bound.payment_methods).toEqual(['gmo_3ds', 'stripe']);
    const read = couponAnswerSchema.parse((await owner.get(`/sites/DEMO/coupons/${bound.id}`)).json());
    expect(read.coupon.payment_methods).toEqual(['gmo_3ds', 'stripe']);
    const { rows } = await ctx.db.$client.query(`SELECT payment_methods FROM coupons WHERE id = $1`, [
      bound.id,
    ]);
    expect(rows[0].payment_methods).toEqual(['gmo_3ds', 'stripe']);

    const edited = await owner.put(`/sites/DEMO/coupons/${bound.id}`, {
      code: bound.code,
      ...definition({ payment_methods: ['gmo'] }),
      expected_version: 1,
    });
    expect(couponAnswerSchema.parse(edited.json()).coupon).toMatchObject({
      payment_methods: ['gmo'],
      version: 2,
    });
    const cleared = await owner.put(`/sites/DEMO/coupons/${bound.id}`, {
      code: bound.code,
      ...definition({ payment_methods: null }),
      expected_version: 2,
    });
    expect(couponAnswerSchema.parse(cleared.json()).coupon.payment_methods).toBeNull();
    const cleared2 = await ctx.db.$client.query(`SELECT payment_methods FROM coupons WHERE id = $1`, [
      bound.id,
    ]);
    expect(cleared2.rows[0].payment_methods).toBeNull();
    const audits = await auditRows('coupon', String(bound.id));
    expect(audits.map((a) => [a.action, a.after?.payment_methods])).toEqual([
      ['create', ['gmo_3ds', 'stripe']],
      ['update', ['gmo']],
      ['update', null],
    ]);

    // A body without the field (an older client) binds nothing.
    expect((await createOne()).payment_methods).toBeNull();
  });

  it('refuses a method the site does not offer, an empty list and a method twice with 400 on the field', async () => {
    const code = uniqueCode('PM');
    for (const methods of [['gmo_paypay'], ['free'], ['cash'], ['gmo', 'no_such_pay']]) {
      const res = await owner.post('/sites/DEMO/coupons', {
        code,
        ...definition({ payment_methods: methods }),
      });
      const unknown = methods.filter((m) => !['gmo'].includes(m)).join(', ');
      expect([res.statusCode, res.json()], methods.join()).toEqual([
        400,
        {
          error: 'invalid request',
          issues: [{ path: 'payment_methods', message: `not a payment method of this site: ${unknown}` }],
        },
      ]);
    }
    for (const methods of [[], ['gmo', 'gmo'], ['Not A Code']]) {
      const res = await owner.post('/sites/DEMO/coupons', {
        code,
        ...definition({ payment_methods: methods }),
      });
      expect(res.statusCode, methods.join()).toBe(400);
      expect(res.json().error).toBe('invalid request');
      expect(res.json().issues.map((i: { path: string }) => i.path.replace(/\.\d+$/, ''))).toContain(
        'body.payment_methods',
      );
    }
    expect((await owner.get(`/sites/DEMO/coupons?q=${code}`)).json().total).toBe(0);

    const ok = await createOne();
    const edit = await owner.put(`/sites/DEMO/coupons/${ok.id}`, {
      code: ok.code,
      ...definition({ payment_methods: ['on_account'] }),
      expected_version: 1,
    });
    expect([edit.statusCode, edit.json().issues]).toEqual([
      400,
      [{ path: 'payment_methods', message: 'not a payment method of this site: on_account' }],
    ]);
    expect(
      couponAnswerSchema.parse((await owner.get(`/sites/DEMO/coupons/${ok.id}`)).json()).coupon.version,
    ).toBe(1);
  });

  it('holds the condition set in the console at checkout: another method is refused, its own goes on', async () => {
    const coupon = await createOne({ payment_methods: ['gmo_3ds'] });
    const slotProduct = await createProduct(ctx.db, { site: 'DEMO', prices: [2000] });
    const span = await createTimeSpan(ctx.db, {
      productId: slotProduct.id,
      capacity: 5,
      startsAt: new Date(Date.now() + 3 * 24 * 3600 * 1000),
    });
    const order = await readyOrder(ctx.app, ctx.db, { ...slotProduct, spanId: span }, 1);
    expect((await applyAsVisitor(order.token, coupon.code)).statusCode).toBe(200);
    const byCard = await postCheckout(ctx.app, order.token, {
      payment_method_type: 'gmo',
      token: await cardToken(ctx.app, CARDS.visa),
      masked_card_number: '411111******1111',
    });
    expect([byCard.statusCode, byCard.json()]).toEqual([
      409,
      { error: 'coupon cannot be applied to specified order' },
    ]);

    // Cleared in the console, the same order pays by that method.
    await owner.put(`/sites/DEMO/coupons/${coupon.id}`, {
      code: coupon.code,
      ...definition({ payment_methods: null }),
      expected_version: 1,
    });
    const paid = await postCheckout(ctx.app, order.token, {
      payment_method_type: 'gmo',
      token: await cardToken(ctx.app, CARDS.visa),
      masked_card_number: '411111******1111',
    });
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('binds every code of a batch, on create and on edit, and refuses what the site does not offer', async () => {
    const res = await owner.post('/sites/DEMO/coupon-batches', {
      prefix: 'PAYM-',
      count: 3,
      ...definition({ payment_methods: ['stripe'] }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { batch } = couponBatchAnswerSchema.parse(res.json());
    expect(batch.payment_methods).toEqual(['stripe']);
    const codes = async () =>
      couponListSchema
        .parse((await owner.get(`/sites/DEMO/coupons?batch_id=${batch.id}`)).json())
        .coupons.map((c) => c.payment_methods);
    expect(await codes()).toEqual([['stripe'], ['stripe'], ['stripe']]);

    const edited = await owner.put(`/sites/DEMO/coupon-batches/${batch.id}`, {
      ...definition({ payment_methods: ['gmo', 'gmo_3ds'] }),
      expected_version: 1,
    });
    expect(couponBatchAnswerSchema.parse(edited.json()).batch.payment_methods).toEqual(['gmo', 'gmo_3ds']);
    expect(await codes()).toEqual([
      ['gmo', 'gmo_3ds'],
      ['gmo', 'gmo_3ds'],
      ['gmo', 'gmo_3ds'],
    ]);
    const read = couponBatchAnswerSchema.parse(
      (await owner.get(`/sites/DEMO/coupon-batches/${batch.id}`)).json(),
    );
    expect(read.batch.payment_methods).toEqual(['gmo', 'gmo_3ds']);
    const audits = await auditRows('coupon_batch', String(batch.id));
    expect(audits.map((a) => a.after?.payment_methods)).toEqual([['stripe'], ['gmo', 'gmo_3ds']]);

    const cleared = await owner.put(`/sites/DEMO/coupon-batches/${batch.id}`, {
      ...definition(),
      expected_version: 2,
    });
    expect(couponBatchAnswerSchema.parse(cleared.json()).batch.payment_methods).toBeNull();
    expect(await codes()).toEqual([null, null, null]);

    const refused = await owner.post('/sites/DEMO/coupon-batches', {
      prefix: 'PAYM-',
      count: 3,
      ...definition({ payment_methods: ['alipay'] }),
    });
    expect([refused.statusCode, refused.json().issues]).toEqual([
      400,
      [{ path: 'payment_methods', message: 'not a payment method of this site: alipay' }],
    ]);
  });
});

describe('campaigns', () => {
  it('sets a campaign coverage, shown on its coupons and listed under kind=campaign; versions checked', async () => {
    const campaign = `camp-${process.pid}`;
    const coupon = await createOne({ campaign });
    const listed = couponCampaignListSchema.parse((await owner.get('/sites/DEMO/coupon-campaigns')).json());
    expect(listed.campaigns.find((c) => c.campaign === campaign)).toEqual({
      campaign,
      coverage_from: null,
      coverage_to: null,
      has_coverage: false,
      coupon_count: 1,
      version: null,
    });
    const path = `/sites/DEMO/coupon-campaigns/${encodeURIComponent(campaign)}`;
    const set = await owner.put(path, {
      coverage_from: '2099-01-01',
      coverage_to: '2099-12-31',
      expected_version: null,
    });
    expect(couponCampaignAnswerSchema.parse(set.json()).campaign).toMatchObject({
      has_coverage: true,
      coverage_from: '2099-01-01',
      version: 1,
    });
    const again = await owner.put(path, { coverage_from: null, coverage_to: null, expected_version: null });
    expect([again.statusCode, again.json().error]).toEqual([409, 'console edit conflict']);
    const read = couponAnswerSchema.parse((await owner.get(`/sites/DEMO/coupons/${coupon.id}`)).json());
    expect(read.coupon.campaign_coverage).toEqual({ from: '2099-01-01', to: '2099-12-31' });
    const campaigns = couponListSchema.parse(
      (await owner.get(`/sites/DEMO/coupons?kind=campaign&limit=500`)).json(),
    );
    expect(campaigns.coupons.map((c) => c.id)).toContain(coupon.id);

    // The visitor side now refuses a visit outside the campaign's dates (ADR 008, rule 10).
    const order = await visitorOrder();
    expect((await applyAsVisitor(order.token, coupon.code)).json()).toEqual({
      error: 'out of coverage dates',
    });
    const wide = await owner.put(path, { coverage_from: null, coverage_to: null, expected_version: 1 });
    expect(couponCampaignAnswerSchema.parse(wide.json()).campaign.version).toBe(2);
    expect((await applyAsVisitor(order.token, coupon.code)).statusCode).toBe(200);
    expect((await auditRows('coupon_campaign', campaign)).map((r) => r.action)).toEqual(['create', 'update']);
  });
});

describe('batches of unique codes', () => {
  it('makes 1,000 unique codes in one go, downloads them as CSV, shows a visitor use, disables one code', async () => {
    const res = await owner.post('/sites/DEMO/coupon-batches', {
      prefix: 'SPRING-',
      count: 1000,
      ...definition({ kind: 'fixed', discount_value: 300, usage_limit: 1, campaign: 'spring-batch' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { batch } = couponBatchAnswerSchema.parse(res.json());
    expect(batch).toMatchObject({
      count: 1000,
      enabled_count: 1000,
      used_count: 0,
      prefix: 'SPRING-',
      version: 1,
    });

    const { rows } = await ctx.db.$client.query(`SELECT code FROM coupons WHERE batch_id = $1`, [batch.id]);
    const codes = rows.map((r: { code: string }) => r.code);
    expect(new Set(codes).size).toBe(1000);
    const shape = new RegExp(`^SPRING-[${COUPON_CODE_ALPHABET}]{10}$`);
    expect(codes.every((code: string) => shape.test(code))).toBe(true);
    // One audit event for the batch, none per code.
    const events = await auditRows('coupon_batch', String(batch.id));
    expect(events.map((e) => [e.action, e.after?.count])).toEqual([['create', 1000]]);
    const perCode = await ctx.db.$client.query(
      `SELECT count(*)::int AS n FROM audit_events WHERE object_type = 'coupon'
         AND object_id IN (SELECT id::text FROM coupons WHERE batch_id = $1)`,
      [batch.id],
    );
    expect(perCode.rows[0].n).toBe(0);

    // A visitor uses one code.
    const used = codes[0]!;
    const order = await visitorOrder();
    const applied = await applyAsVisitor(order.token, used);
    expect([applied.statusCode, applied.json().coupon_discount]).toEqual([200, 300]);

    const csvRes = await owner.get(`/sites/DEMO/coupon-batches/${batch.id}/codes`);
    expect(csvRes.statusCode).toBe(200);
    expect(csvRes.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csvRes.headers['content-disposition']).toBe(`attachment; filename="coupons-DEMO-${batch.id}.csv"`);
    expect(csvRes.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csvRes.body.split('\r\n')).toHaveLength(1002); // header, 1,000 lines, the final line break
    const records = parse(csvRes.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(1000);
    expect(Object.keys(records[0]!)).toEqual(['code', 'uses', 'limit', 'enabled']);
    expect(new Set(records.map((r) => r.code))).toEqual(new Set(codes));
    expect(records.find((r) => r.code === used)).toEqual({
      code: used,
      uses: '1',
      limit: '1',
      enabled: 'true',
    });
    expect(records.filter((r) => r.uses === '0')).toHaveLength(999);

    // Uses per code and per batch.
    const usedCoupon = couponListSchema.parse(
      (await owner.get(`/sites/DEMO/coupons?batch_id=${batch.id}&q=${used}`)).json(),
    ).coupons[0]!;
    expect(usedCoupon).toMatchObject({ code: used, used_count: 1, batch_id: batch.id });
    const perCodeUses = couponUsesSchema.parse(
      (await owner.get(`/sites/DEMO/coupons/${usedCoupon.id}/uses`)).json(),
    );
    expect(perCodeUses).toMatchObject({
      used_count: 1,
      discount_total: 300,
      orders_visible: true,
      truncated: false,
    });
    expect(perCodeUses.uses).toEqual([
      {
        code: used,
        reservation_number: null,
        order_status: 'holding',
        ordered_at: expect.any(String),
        discount: 300,
      },
    ]);
    const batchUses = couponUsesSchema.parse(
      (await owner.get(`/sites/DEMO/coupon-batches/${batch.id}/uses`)).json(),
    );
    expect([batchUses.used_count, batchUses.uses.map((u) => u.code)]).toEqual([1, [used]]);
    expect(
      couponBatchAnswerSchema.parse((await owner.get(`/sites/DEMO/coupon-batches/${batch.id}`)).json()).batch,
    ).toMatchObject({ used_count: 1, used_codes: 1 });

    // Disable one code: the visitor side refuses it; the others still work.
    const other = codes[1]!;
    const otherCoupon = couponListSchema.parse(
      (await owner.get(`/sites/DEMO/coupons?batch_id=${batch.id}&q=${other}`)).json(),
    ).coupons[0]!;
    const off = await owner.patch(`/sites/DEMO/coupons/${otherCoupon.id}`, {
      enabled: false,
      expected_version: otherCoupon.version,
    });
    expect(off.statusCode, off.body).toBe(200);
    const refused = await applyAsVisitor((await visitorOrder()).token, other);
    expect(refused.json()).toEqual({ error: 'coupon not available' });
    const third = await applyAsVisitor((await visitorOrder()).token, codes[2]!);
    expect(third.statusCode).toBe(200);
    const afterOff = couponBatchAnswerSchema.parse(
      (await owner.get(`/sites/DEMO/coupon-batches/${batch.id}`)).json(),
    ).batch;
    expect(afterOff).toMatchObject({ enabled_count: 999, used_count: 2 });

    // A code of a batch is edited through its batch.
    const direct = await owner.put(`/sites/DEMO/coupons/${otherCoupon.id}`, {
      code: other,
      ...definition(),
      expected_version: otherCoupon.version + 1,
    });
    expect([direct.statusCode, direct.json().error]).toEqual([409, 'console in use']);
  });

  it('edits and switches a whole batch, with versions; a single disabled code stays disabled', async () => {
    const created = couponBatchAnswerSchema.parse(
      (
        await owner.post('/sites/DEMO/coupon-batches', {
          prefix: '',
          count: 5,
          ...definition({ usage_limit: 2 }),
        })
      ).json(),
    ).batch;
    const codes = couponListSchema.parse(
      (await owner.get(`/sites/DEMO/coupons?batch_id=${created.id}`)).json(),
    ).coupons;
    expect(codes).toHaveLength(5);
    expect(codes.every((c) => /^[23456789A-HJKMNP-Z]{10}$/.test(c.code))).toBe(true);
    await owner.patch(`/sites/DEMO/coupons/${codes[0]!.id}`, { enabled: false, expected_version: 1 });

    const edited = await owner.put(`/sites/DEMO/coupon-batches/${created.id}`, {
      ...definition({ kind: 'percent', discount_value: 50, usage_limit: 4 }),
      expected_version: 1,
    });
    expect(couponBatchAnswerSchema.parse(edited.json()).batch).toMatchObject({
      discount_value: 50,
      usage_limit: 4,
      enabled_count: 4,
      version: 2,
    });
    const stale = await owner.put(`/sites/DEMO/coupon-batches/${created.id}`, {
      ...definition(),
      expected_version: 1,
    });
    expect([stale.statusCode, stale.json().error]).toEqual([409, 'console edit conflict']);

    const order = await visitorOrder();
    const applied = await applyAsVisitor(order.token, codes[1]!.code);
    expect(applied.json().coupon_discount).toBe(1500); // 50 % of 3000: the batch's new definition

    const off = await owner.patch(`/sites/DEMO/coupon-batches/${created.id}`, {
      enabled: false,
      expected_version: 2,
    });
    expect(couponBatchAnswerSchema.parse(off.json()).batch).toMatchObject({
      enabled: false,
      enabled_count: 0,
    });
    const refused = await applyAsVisitor((await visitorOrder()).token, codes[2]!.code);
    expect(refused.json()).toEqual({ error: 'coupon not available' });
    expect((await auditRows('coupon_batch', String(created.id))).map((r) => r.action)).toEqual([
      'create',
      'update',
      'disable',
    ]);
  });

  it('edits and disables a batch while visitors take its codes: no deadlock, no server error, uses add up', async () => {
    const batch = couponBatchAnswerSchema.parse(
      (
        await owner.post('/sites/DEMO/coupon-batches', {
          prefix: 'RACE-',
          count: 30,
          ...definition({ usage_limit: 1 }),
        })
      ).json(),
    ).batch;
    const { rows } = await ctx.db.$client.query(`SELECT code FROM coupons WHERE batch_id = $1 ORDER BY id`, [
      batch.id,
    ]);
    const orders = await Promise.all(rows.map(() => visitorOrder()));
    const uses = rows.map((row: { code: string }, i: number) => applyAsVisitor(orders[i]!.token, row.code));
    const edit = owner.put(`/sites/DEMO/coupon-batches/${batch.id}`, {
      ...definition({ discount_value: 20, usage_limit: 1 }),
      expected_version: 1,
    });
    const answers = await Promise.all([...uses, edit]);
    expect(answers.filter((res) => res.statusCode >= 500).map((res) => res.body)).toEqual([]);
    expect(answers.at(-1)!.statusCode).toBe(200);
    const off = await owner.patch(`/sites/DEMO/coupon-batches/${batch.id}`, {
      enabled: false,
      expected_version: 2,
    });
    expect(off.statusCode).toBe(200);
    const counted = await ctx.db.$client.query(
      `SELECT (SELECT sum(used_count)::int FROM coupons WHERE batch_id = $1) AS used,
              (SELECT count(*)::int FROM order_coupons oc JOIN coupons c ON c.id = oc.coupon_id
                WHERE c.batch_id = $1) AS on_orders`,
      [batch.id],
    );
    expect(counted.rows[0].used).toBe(counted.rows[0].on_orders);
    expect(counted.rows[0].used).toBe(answers.slice(0, 30).filter((res) => res.statusCode === 200).length);
    const shown = couponBatchAnswerSchema.parse(
      (await owner.get(`/sites/DEMO/coupon-batches/${batch.id}`)).json(),
    );
    expect(shown.batch).toMatchObject({ enabled: false, enabled_count: 0, used_count: counted.rows[0].used });
  });

  it('refuses a batch of 0 or 10,001 codes and a lower-case prefix', async () => {
    for (const patch of [{ count: 0 }, { count: 10_001 }, { prefix: 'abc' }]) {
      const res = await owner.post('/sites/DEMO/coupon-batches', {
        prefix: 'X',
        count: 3,
        ...definition(),
        ...patch,
      });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
    }
  });
});

describe('permissions', () => {
  it('lets marketing and planners write coupons, finance read them, the gate nothing; hides other organisations', async () => {
    const marketing = await signedIn(ctx.app, ctx.db, orgs.a, 'marketing', 'all');
    const planner = await signedIn(ctx.app, ctx.db, orgs.a, 'planner', ['DEMO']);
    const finance = await signedIn(ctx.app, ctx.db, orgs.a, 'finance', 'all');
    const gate = await signedIn(ctx.app, ctx.db, orgs.a, 'gate', 'all');
    const otherOwner = await signedIn(ctx.app, ctx.db, orgs.b, 'owner', 'all');

    const byMarketing = await createOne({}, marketing);
    const byPlanner = await createOne({}, planner);
    expect(byPlanner.id).toBeGreaterThan(byMarketing.id);

    // Marketing has no orders read: the uses come without reservation numbers.
    const order = await visitorOrder();
    expect((await applyAsVisitor(order.token, byMarketing.code)).statusCode).toBe(200);
    await ctx.db.$client.query(
      `INSERT INTO reservations (reservation_token, reservation_number, order_id, site_code, email, lang)
       VALUES ($1, $2, $3, 'DEMO', 'visitor@example.com', 'en')`,
      [`tok-${process.pid}-${seq}`, `RN${process.pid}${seq}`.slice(0, 10), order.id],
    );
    const marketingUses = couponUsesSchema.parse(
      (await marketing.get(`/sites/DEMO/coupons/${byMarketing.id}/uses`)).json(),
    );
    expect(marketingUses).toMatchObject({ orders_visible: false, used_count: 1 });
    expect(marketingUses.uses[0]!.reservation_number).toBeNull();
    const ownerUses = couponUsesSchema.parse(
      (await owner.get(`/sites/DEMO/coupons/${byMarketing.id}/uses`)).json(),
    );
    expect(ownerUses.uses[0]!.reservation_number).toBe(`RN${process.pid}${seq}`.slice(0, 10));
    expect(JSON.stringify(ownerUses)).not.toContain('visitor@example.com');

    expect((await finance.get('/sites/DEMO/coupons')).statusCode).toBe(200);
    expect((await finance.get(`/sites/DEMO/coupons/${byPlanner.id}`)).statusCode).toBe(200);
    const financeWrite = await finance.post('/sites/DEMO/coupons', {
      code: uniqueCode('FIN'),
      ...definition(),
    });
    expect([financeWrite.statusCode, financeWrite.json()]).toEqual([404, notFound]);
    const financePatch = await finance.patch(`/sites/DEMO/coupons/${byPlanner.id}`, {
      enabled: false,
      expected_version: 1,
    });
    expect(financePatch.statusCode).toBe(404);

    expect((await finance.get('/sites/DEMO/coupon-payment-methods')).statusCode).toBe(200);
    for (const path of [
      '/sites/DEMO/coupons',
      '/sites/DEMO/coupon-batches',
      '/sites/DEMO/coupon-campaigns',
      '/sites/DEMO/coupon-payment-methods',
    ]) {
      const res = await gate.get(path);
      expect([res.statusCode, res.json()], path).toEqual([404, notFound]);
    }
    // The planner's membership covers DEMO only.
    expect((await planner.get('/sites/ARTIZON/coupons')).statusCode).toBe(404);

    const otherList = await otherOwner.get('/sites/DEMO/coupons');
    expect([otherList.statusCode, otherList.json()]).toEqual([404, notFound]);
    expect((await otherOwner.get(`/sites/DEMO/coupons/${byPlanner.id}`)).statusCode).toBe(404);
    // An OKINAWA coupon named through a site of organisation A answers as unknown.
    const okinawaCoupon = await createCoupon(ctx.db, { code: uniqueCode('OKI'), siteCode: 'OKINAWA' });
    expect((await owner.get(`/sites/DEMO/coupons/${okinawaCoupon}`)).statusCode).toBe(404);
    expect((await owner.get(`/sites/OKINAWA/coupons/${okinawaCoupon}`)).statusCode).toBe(404);
    const otherSees = await otherOwner.get(`/sites/OKINAWA/coupons/${okinawaCoupon}`);
    expect(otherSees.statusCode).toBe(200);
  });
});
