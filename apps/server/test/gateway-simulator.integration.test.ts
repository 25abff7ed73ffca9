import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMethodsResponseSchema } from '@kippu/contract';
import { GMO_SIMULATOR_PATHS } from '@kippu/contract/gateway-simulator';
import { buildApp, type App } from '../src/app.ts';
import { decodeGmo, encodeGmo } from '../src/payments/gmo/gmo-protocol.ts';
import { setupTestApp } from './helper.ts';
import { productWithSlot } from './order-support.ts';
import {
  CARDS,
  DEMO_SHOP_ID,
  paymentsOf,
  payWithCard,
  postCheckout,
  readyOrder,
} from './checkout-support.ts';

const ctx = setupTestApp();

type TokenResult = { resultCode: string; tokenObject?: { token: string[]; maskedCardNo: string } };

/**
 * Runs the served token script the way a browser does: a window whose fetch reaches the simulator. Answers
 * what the script hands to its callback.
 */
async function runTokenScript(
  card: Record<string, string>,
  options: { init?: string; byName?: boolean } = {},
) {
  const script = (await ctx.app.inject({ method: 'GET', url: GMO_SIMULATOR_PATHS.tokenScript })).body;
  const window: Record<string, unknown> = {};
  const fetch = async (
    url: string,
    init: { method: string; headers: Record<string, string>; body: string },
  ) => {
    const res = await ctx.app.inject({
      method: init.method as 'POST',
      url,
      headers: init.headers,
      payload: init.body,
    });
    return { ok: res.statusCode < 300, status: res.statusCode, json: async () => res.json() };
  };
  runInNewContext(script, { window, fetch });
  const multipayment = window.Multipayment as {
    init(shopId: string): void;
    getToken(card: unknown, callback: unknown): void;
  };
  if (options.init !== undefined) multipayment.init(options.init);
  return new Promise<TokenResult>((resolve) => {
    if (options.byName) {
      window.onToken = resolve;
      multipayment.getToken(card, 'onToken');
    } else {
      multipayment.getToken(card, resolve);
    }
  });
}

const GOOD_CARD = { cardno: CARDS.visa, expire: '3012', securitycode: '123', holdername: 'HANAKO YAMADA' };

describe('the GMO-PG token script', () => {
  it('is served from our origin as JavaScript, so the strict CSP admits it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: GMO_SIMULATOR_PATHS.tokenScript });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toContain('window.Multipayment');
  });

  it('init(shopId) + getToken(card, callback) answers a one-time token and the masked card', async () => {
    const result = await runTokenScript(GOOD_CARD, { init: DEMO_SHOP_ID });
    expect(result.resultCode).toBe('000');
    expect(result.tokenObject).toMatchObject({ maskedCardNo: '411111******1111', isSecurityCodeSet: true });
    expect(result.tokenObject!.token).toHaveLength(1);
    const { rows } = await ctx.db.execute<{ behaviour: string; masked_card_no: string }>(
      sql`SELECT behaviour, masked_card_no FROM gateway_sim.gmo_card_tokens WHERE token = ${result.tokenObject!.token[0]!}`,
    );
    // Only the test card's behaviour and the masked number are kept, never the card number.
    expect(rows).toEqual([{ behaviour: 'success', masked_card_no: '411111******1111' }]);
  });

  it('takes the callback by global function name too, and several tokens at once', async () => {
    const result = await runTokenScript(
      { ...GOOD_CARD, tokennumber: '3' },
      { init: DEMO_SHOP_ID, byName: true },
    );
    expect(result.tokenObject!.token).toHaveLength(3);
  });

  it('answers the gateway’s result codes for bad input', async () => {
    expect((await runTokenScript(GOOD_CARD)).resultCode).toBe('180'); // never initialised
    const cases: [Record<string, string>, string][] = [
      [{ ...GOOD_CARD, cardno: '' }, '100'],
      [{ ...GOOD_CARD, cardno: '4111-1111' }, '101'],
      [{ ...GOOD_CARD, cardno: '411111111' }, '102'],
      [{ ...GOOD_CARD, expire: '' }, '110'],
      [{ ...GOOD_CARD, expire: '30/12' }, '111'],
      [{ ...GOOD_CARD, expire: '301' }, '112'],
      [{ ...GOOD_CARD, expire: '3013' }, '113'],
      [{ ...GOOD_CARD, securitycode: '12a' }, '121'],
      [{ ...GOOD_CARD, securitycode: '12' }, '122'],
      [{ ...GOOD_CARD, holdername: '山田花子' }, '131'],
      [{ ...GOOD_CARD, holdername: 'A'.repeat(51) }, '132'],
      [{ ...GOOD_CARD, tokennumber: 'x' }, '141'],
      [{ ...GOOD_CARD, tokennumber: '11' }, '142'],
    ];
    for (const [card, code] of cases) {
      expect((await runTokenScript(card, { init: DEMO_SHOP_ID })).resultCode, JSON.stringify(card)).toBe(
        code,
      );
    }
  });

  it('a card whose expiry has passed is tokenised but refused at authorisation (42G830000)', async () => {
    const slot = await productWithSlot(ctx.db, 5);
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    const token = (await runTokenScript({ ...GOOD_CARD, expire: '2001' }, { init: DEMO_SHOP_ID }))
      .tokenObject!.token[0];
    expect((await postCheckout(ctx.app, order.token, { payment_method_type: 'gmo', token })).json()).toEqual({
      error: 'payment_api_failure',
    });
    expect(await paymentsOf(ctx.db, order.id)).toMatchObject([
      { status: 'failed', failure_code: '42G830000' },
    ]);
  });
});

describe('GET /paymentmethods: what the payment screen needs', () => {
  it('card methods carry the token script, the site’s shop id and the test mode; others carry none', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/demo/api/v1/paymentmethods?lang=en&channel=web',
    });
    const methods = paymentMethodsResponseSchema.parse(res.json());
    const byType = Object.fromEntries(methods.map((m) => [m.payment_method_type, m]));
    for (const type of ['gmo', 'gmo_3ds'] as const) {
      expect(byType[type]).toMatchObject({
        token_script_url: GMO_SIMULATOR_PATHS.tokenScript,
        shop_id: DEMO_SHOP_ID,
        test_mode: true,
      });
    }
    expect(Object.keys(byType.free!).sort()).toEqual(['display_position', 'name', 'payment_method_type']);
  });
});

describe('the simulator’s server calls over HTTP (GMO_GATEWAY=real pointed at it)', () => {
  let listening: App;
  let real: App;

  beforeAll(async () => {
    listening = await ctx.anotherApp();
    const address = await listening.listen({ port: 0, host: '127.0.0.1' });
    real = await buildApp({
      env: { ...ctx.env, GMO_GATEWAY: 'real', GMO_API_URL: `${address}${GMO_SIMULATOR_PATHS.base}` },
      db: ctx.db,
      webDistDir: '/nonexistent/',
    });
    await real.ready();
    // A real shop needs its password from site_secrets; the simulator only checks that one is sent.
    await ctx.db.execute(sql`
      INSERT INTO site_secrets (site_code, name, value) VALUES ('DEMO', 'gmo_shop_pass', 'shop-pass-from-secrets')
      ON CONFLICT DO NOTHING`);
  });
  afterAll(async () => {
    await real?.close();
  });

  it('a checkout through the HTTP adapter is charged and reserved exactly as in process', async () => {
    const slot = await productWithSlot(ctx.db, 5);
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    const res = await payWithCard(real, order.token);
    expect(res.json()).toMatchObject({ status: 'reserved' });
    expect(await paymentsOf(ctx.db, order.id)).toMatchObject([{ status: 'confirmed' }]);
  });

  it('the real adapter names the real token script, not the simulator', async () => {
    const res = await real.inject({ method: 'GET', url: '/demo/api/v1/paymentmethods?lang=ja&channel=web' });
    const gmo = paymentMethodsResponseSchema.parse(res.json()).find((m) => m.payment_method_type === 'gmo');
    expect(gmo).toMatchObject({ token_script_url: ctx.env.GMO_TOKEN_SCRIPT_URL, test_mode: false });
  });

  it('answers form-encoded lines with the gateway’s error codes', async () => {
    const call = (api: string, params: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: `${GMO_SIMULATOR_PATHS.base}/payment/${api}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: encodeGmo(params),
      });
    const noShop = await call('EntryTran.idPass', { OrderID: 'x', JobCd: 'CAPTURE', Amount: '100' });
    expect(decodeGmo(noShop.body)).toEqual({ ErrCode: 'E01', ErrInfo: 'E01010001' });
    const entry = decodeGmo(
      (
        await call('EntryTran.idPass', {
          ShopID: DEMO_SHOP_ID,
          ShopPass: 'p',
          OrderID: 'k-http-1',
          JobCd: 'CAPTURE',
          Amount: '100',
        })
      ).body,
    );
    expect(entry.AccessID).toMatch(/^[0-9a-f]{32}$/);
    const duplicate = await call('EntryTran.idPass', {
      ShopID: DEMO_SHOP_ID,
      ShopPass: 'p',
      OrderID: 'k-http-1',
      JobCd: 'CAPTURE',
      Amount: '100',
    });
    expect(decodeGmo(duplicate.body)).toEqual({ ErrCode: 'E01', ErrInfo: 'E01040010' });
    const search = await call('SearchTrade.idPass', {
      ShopID: DEMO_SHOP_ID,
      ShopPass: 'p',
      OrderID: 'k-http-1',
    });
    expect(decodeGmo(search.body)).toMatchObject({ Status: 'UNPROCESSED', Amount: '100' });
    expect((await call('DeleteEverything.idPass', {})).statusCode).toBe(404);
    // Malformed ids name nothing (and never reach SQL, where a NUL byte would be an error).
    const bad = {
      AccessID: 'a\u0000b',
      AccessPass: entry.AccessPass!,
      OrderID: 'k-http-1',
      Token: 't\u0000',
    };
    expect(decodeGmo((await call('ExecTran.idPass', bad)).body)).toEqual({
      ErrCode: 'E01',
      ErrInfo: 'E01110002',
    });
    const badOrder = { ShopID: DEMO_SHOP_ID, ShopPass: 'p', OrderID: 'k\u0000' };
    expect(decodeGmo((await call('SearchTrade.idPass', badOrder)).body).ErrInfo).toBe('E01040013');
  });

  it('the card-token API refuses a body that is not a card (invalid request), never a 5xx', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: GMO_SIMULATOR_PATHS.tokenApi,
      payload: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('with GATEWAY_SIMULATOR=off', () => {
  it('the simulator serves nothing and the card methods name the real gateway', async () => {
    const app = await buildApp({
      env: { ...ctx.env, GATEWAY_SIMULATOR: 'off' },
      db: ctx.db,
      webDistDir: '/nonexistent/',
    });
    try {
      const script = await app.inject({ method: 'GET', url: GMO_SIMULATOR_PATHS.tokenScript });
      expect(script.statusCode).not.toBe(200);
      const token = await app.inject({
        method: 'POST',
        url: GMO_SIMULATOR_PATHS.tokenApi,
        payload: GOOD_CARD,
      });
      expect(token.statusCode).toBe(404);
      const methods = await app.inject({
        method: 'GET',
        url: '/demo/api/v1/paymentmethods?lang=en&channel=web',
      });
      const gmo = paymentMethodsResponseSchema
        .parse(methods.json())
        .find((m) => m.payment_method_type === 'gmo');
      expect(gmo).toMatchObject({ token_script_url: ctx.env.GMO_TOKEN_SCRIPT_URL, test_mode: false });
    } finally {
      await app.close();
    }
  });
});
