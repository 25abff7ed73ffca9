import { paymentMethodsResponseSchema, type PaymentMethodItem } from '@kippu/contract';
import {
  cardProcessorSimulatorPaths,
  FINGERPRINT_SIMULATOR_PATHS,
  GMO_SIMULATOR_PATHS,
} from '@kippu/contract/gateway-simulator';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import { productWithSlot } from '../../../test/order-support.ts';
import {
  CARDS,
  orderStatus,
  paymentsOf,
  postCheckout,
  readyOrder,
  stockOf,
} from '../../../test/checkout-support.ts';
import { exePayment, pathOf } from '../../../test/gmo-redirect-support.ts';
import { siteContentSecurity } from '../../domain/payments/site-content-security.ts';

const ctx = setupTestApp();
const CARD2 = cardProcessorSimulatorPaths('card2');
/** SOFTBANK's seeded second processor merchant (seed/site-settings.ts), given to DEMO for the flow tests. */
const MERCHANT = 'test-card2-merchant-softbank';

async function methodsOf(slug: string): Promise<PaymentMethodItem[]> {
  const res = await ctx.app.inject({ method: 'GET', url: `/${slug}/api/v1/paymentmethods?lang=en` });
  expect(res.statusCode).toBe(200);
  return paymentMethodsResponseSchema.parse(res.json());
}

/** What the token script does in the browser: the card to the processor, a one-time token back. */
async function card2Token(number: string, merchantId = MERCHANT): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: CARD2.tokens,
    payload: { merchantId, number, expiry: '3012', cvc: '123', holder: 'HANAKO YAMADA' },
  });
  expect(res.json()).toMatchObject({ result: 'ok' });
  return res.json<{ token: string }>().token;
}

/** What the 3-D Secure script does: the browser's device data for the token. */
async function threeDsMethod(token: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: CARD2.threeDsMethod,
    payload: { token, device: { screenWidth: 390, screenHeight: 844, language: 'ja', timeZoneOffset: -540 } },
  });
  expect(res.statusCode).toBe(204);
}

/** What the fingerprint script does: a device session reported to the screening service. */
async function profiledSession(): Promise<string> {
  const session = `sess${Date.now().toString(16)}abcdef0123`;
  const res = await ctx.app.inject({
    method: 'POST',
    url: FINGERPRINT_SIMULATOR_PATHS.profile,
    payload: { session_id: session, timezone: -540 },
  });
  expect(res.statusCode).toBe(204);
  return session;
}

async function card2Transaction(orderId: number) {
  const { rows } = await ctx.db.execute<{
    merchant_id: string;
    status: string;
    device_session_id: string | null;
    device_profiled: boolean;
    challenged: boolean;
  }>(sql`
    SELECT t.merchant_id, t.status, t.device_session_id, t.device_profiled, t.challenged
    FROM gateway_sim.card2_transactions t JOIN payments p ON p.idempotency_key = t.order_id
    WHERE p.order_id = ${orderId}`);
  return rows;
}

async function gmoTrades(orderId: number) {
  const { rows } = await ctx.db.execute(sql`
    SELECT 1 FROM gateway_sim.gmo_transactions t JOIN payments p ON p.idempotency_key = t.order_id
    WHERE p.order_id = ${orderId}`);
  return rows.length;
}

describe('the second and third card processors (issue 32 items 2, 3; ADR 101)', () => {
  beforeAll(async () => {
    // DEMO (where the checkout helpers order) declares SOFTBANK's second processor for the flow tests.
    await ctx.db.execute(sql`
      UPDATE sites SET settings = jsonb_set(jsonb_set(settings, '{payment,secondaryCardProcessor}',
        (SELECT settings -> 'payment' -> 'secondaryCardProcessor' FROM sites WHERE code = 'SOFTBANK')),
        '{payment,deviceFingerprintScriptUrl}', '"/simulator/fingerprint.js"')
      WHERE code = 'DEMO'`);
  });

  it("describes the sites' card methods by the processor their settings declare", async () => {
    const softbank = (await methodsOf('softbank')).find((m) => m.payment_method_type === 'gmo_3ds');
    expect(softbank).toMatchObject({
      card_processor: 'card2',
      token_script_url: CARD2.tokenScript,
      three_ds_script_url: CARD2.threeDsScript,
      shop_id: MERCHANT,
      fingerprint_script_url: FINGERPRINT_SIMULATOR_PATHS.script,
      test_mode: true,
    });
    const azabudai = (await methodsOf('azabudai-borderless')).find(
      (m) => m.payment_method_type === 'gmo_3ds',
    );
    expect(azabudai).toMatchObject({
      card_processor: 'card3',
      token_script_url: cardProcessorSimulatorPaths('card3').tokenScript,
      shop_id: 'test_third_key_0000',
    });
    expect(azabudai).not.toHaveProperty('fingerprint_script_url');
    // A site without either keeps GMO-PG, and no fingerprint script.
    const plain = (await methodsOf('nishinippon-date')).find((m) => m.payment_method_type === 'gmo_3ds');
    expect(plain).toMatchObject({ token_script_url: GMO_SIMULATOR_PATHS.tokenScript });
    expect(plain).not.toHaveProperty('card_processor');
    expect(plain).not.toHaveProperty('fingerprint_script_url');
  });

  it("serves the processors' token and 3-D Secure scripts and the fingerprint script", async () => {
    for (const url of [
      CARD2.tokenScript,
      CARD2.threeDsScript,
      cardProcessorSimulatorPaths('card3').tokenScript,
      FINGERPRINT_SIMULATOR_PATHS.script,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('javascript');
    }
    const fingerprint = await ctx.app.inject({ method: 'GET', url: FINGERPRINT_SIMULATOR_PATHS.script });
    expect(fingerprint.body).toContain('DeviceFingerprint');
  });

  it('pays gmo_3ds through the second processor without a challenge when the 3-D Secure script ran, with the device session', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 2);
    const token = await card2Token(CARDS.visa);
    await threeDsMethod(token);
    const session = await profiledSession();
    const res = await postCheckout(ctx.app, order.token, {
      payment_method_type: 'gmo_3ds',
      token,
      masked_card_number: '411111******1111',
      device_session_id: session,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'reserved' });
    expect(await card2Transaction(order.id)).toEqual([
      {
        merchant_id: MERCHANT,
        status: 'captured',
        device_session_id: session,
        device_profiled: true,
        challenged: false,
      },
    ]);
    expect(await gmoTrades(order.id)).toBe(0);
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 2 });
  });

  it("challenges on the issuer page, returns through gmo_3ds's return and exe-payment, charging once", async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    const res = await postCheckout(ctx.app, order.token, {
      payment_method_type: 'gmo_3ds',
      token: await card2Token(CARDS.challenge),
      masked_card_number: '400000******3220',
    });
    expect(res.statusCode, res.body).toBe(200);
    const redirect = res.json<{ status: string; redirect_url: string; payment_number: string }>();
    expect(redirect.redirect_url).toMatch(new RegExp(`^${CARD2.challenge}/c2tx_[0-9a-f]{24}$`));
    const page = await ctx.app.inject({ method: 'GET', url: redirect.redirect_url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('400000******3220');

    const answered = await ctx.app.inject({
      method: 'POST',
      url: redirect.redirect_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pass',
    });
    expect(answered.statusCode).toBe(303);
    const back = answered.headers.location as string;
    expect(pathOf(back)).toMatch(
      new RegExp(`^/payment-return/gmo_3ds/${redirect.payment_number}\\?transaction_id=`),
    );
    // Passed but not captured until our server asks.
    expect((await card2Transaction(order.id))[0]?.status).toBe('authenticated');

    const returned = await ctx.app.inject({ method: 'GET', url: pathOf(back) });
    expect(returned.statusCode).toBe(303);
    const md = new URLSearchParams((returned.headers.location as string).split('?')[1]).get('md')!;
    expect(md).toMatch(/^c2tx_/);
    const first = await exePayment(ctx.app, md);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'reserved' });
    expect((await exePayment(ctx.app, md)).json()).toEqual(first.json());
    expect(await orderStatus(ctx.db, order.id)).toBe('reserved');
    expect((await paymentsOf(ctx.db, order.id)).map((p) => [p.method, p.status])).toEqual([
      ['gmo_3ds', 'confirmed'],
    ]);
    expect(await card2Transaction(order.id)).toMatchObject([{ status: 'captured', challenged: true }]);
  });

  it('a failed challenge declines as a 3-D Secure failure; the visitor may pay again', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    const res = await postCheckout(ctx.app, order.token, {
      payment_method_type: 'gmo_3ds',
      token: await card2Token(CARDS.visa), // no 3-D Secure script ran: the issuer challenges
      masked_card_number: '411111******1111',
    });
    const redirect = res.json<{ redirect_url: string }>();
    const answered = await ctx.app.inject({
      method: 'POST',
      url: redirect.redirect_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=fail',
    });
    const returned = await ctx.app.inject({
      method: 'GET',
      url: pathOf(answered.headers.location as string),
    });
    const md = new URLSearchParams((returned.headers.location as string).split('?')[1]).get('md')!;
    const settled = await exePayment(ctx.app, md);
    expect(settled.statusCode).toBeGreaterThanOrEqual(400);
    expect(await orderStatus(ctx.db, order.id)).toBe('ready_checkout');
    expect((await paymentsOf(ctx.db, order.id)).map((p) => p.status)).toEqual(['failed']);
  });

  it('a declined card answers the decline; a token of another merchant is refused', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    const declined = await postCheckout(ctx.app, order.token, {
      payment_method_type: 'gmo',
      token: await card2Token(CARDS.decline),
    });
    expect(declined.statusCode).toBe(402);
    const foreign = await postCheckout(ctx.app, order.token, {
      payment_method_type: 'gmo',
      token: await card2Token(CARDS.visa, 'someone-else'),
    });
    expect(foreign.statusCode).toBe(402);
    expect(await card2Transaction(order.id)).toHaveLength(1);
  });

  it('refunds a second-processor payment at that processor (routed by its reference)', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    const token = await card2Token(CARDS.visa);
    expect((await postCheckout(ctx.app, order.token, { payment_method_type: 'gmo', token })).statusCode).toBe(
      200,
    );
    const { rows } = await ctx.db.execute<{ provider_reference: string }>(
      sql`SELECT provider_reference FROM payments WHERE order_id = ${order.id}`,
    );
    expect(rows[0]!.provider_reference).toMatch(/^c2tx_/);
    const provider = ctx.app.payments.providerFor('gmo')!;
    const attempt = {
      id: 0,
      method: 'gmo',
      siteCode: 'DEMO',
      amount: 3000,
      currency: 'JPY',
      paymentNumber: 'x',
      idempotencyKey: 'x',
      providerReference: rows[0]!.provider_reference,
    } as const;
    const refunded = await provider.refund(attempt, { amount: 1000, refundKey: 'refund-test-1' });
    expect(refunded.kind).toBe('refunded');
  });
});

describe("the sites' Content-Security-Policy admits the scripts their settings declare (ADR 101)", () => {
  it('admits the second processor, the third processor and the fingerprint host only on the sites that declare them', async () => {
    // Staging: the processors' own (stand-in) hosts, not the simulator's paths.
    const softbank = await siteContentSecurity(ctx.db, ctx.app.payments, 'SOFTBANK', 'staging');
    expect(softbank.scriptSrc).toContain('https://sandbox.card2.example');
    expect(softbank.connectSrc).toContain('https://sandbox.card2.example');
    await ctx.db.execute(sql`
      UPDATE sites SET settings = jsonb_set(jsonb_set(settings, '{payment,thirdProcessor,environment}', '"staging"'),
        '{payment,deviceFingerprintScriptUrl}', '"https://card2.example/fingerprint.js"')
      WHERE code = 'AZABUDAI_BORDERLESS'`);
    const azabudai = await siteContentSecurity(ctx.db, ctx.app.payments, 'AZABUDAI_BORDERLESS', 'staging');
    expect(azabudai.scriptSrc).toEqual(
      expect.arrayContaining(['https://sandbox.card3.example', 'https://card2.example']),
    );
    expect(azabudai.scriptSrc).not.toContain('https://sandbox.card2.example');
    const plain = await siteContentSecurity(ctx.db, ctx.app.payments, 'NISHINIPPON_DATE', 'staging');
    expect(JSON.stringify(plain)).not.toMatch(/card2|card3/);
  });
});
