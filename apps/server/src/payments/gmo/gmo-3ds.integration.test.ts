import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import { SITE_PATH, productWithSlot } from '../../../test/order-support.ts';
import {
  CARDS,
  cardToken,
  orderStatus,
  paymentsOf,
  postCheckout,
  readyOrder,
  stockOf,
} from '../../../test/checkout-support.ts';
import {
  answerChallenge,
  exePayment,
  gatewayTrades,
  pathOf,
  postReturn,
  startChallenge,
} from '../../../test/gmo-redirect-support.ts';

const ctx = setupTestApp();

/** gmo_3ds end to end: checkout → the issuer's challenge → the return route → exe-payment (ADR 026). */
describe('GMO 3-D Secure 2 with a challenge', () => {
  it('passes the challenge: one charge, reserved, stock sold; repeated returns and exe-payments change nothing', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 2);
    const redirect = await startChallenge(ctx.app, order.token);
    expect(redirect.redirect_url).toMatch(/^\/simulator\/gmo\/tds2\/challenge\/[0-9a-f]{32}$/);
    expect(await orderStatus(ctx.db, order.id)).toBe('paying');

    const page = await ctx.app.inject({ method: 'GET', url: redirect.redirect_url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('¥6,000');
    expect(page.body).toContain('400000******3220');

    const { returnUrl, accessId } = await answerChallenge(ctx.app, redirect.redirect_url, 'pass');
    expect(returnUrl).toBe(
      `http://localhost:${ctx.env.PORT}/payment-return/gmo_3ds/${redirect.payment_number}`,
    );
    // Not charged before exe-payment: the return is only recorded.
    expect(await gatewayTrades(ctx.db, order.id)).toEqual(['UNPROCESSED']);

    const callback = await postReturn(ctx.app, returnUrl, `AccessID=${accessId}&answer=pass`);
    expect(callback).toBe(
      `http://localhost:${ctx.env.PORT}/demo/#/payment-callback/gmo3ds?md=${accessId}&flow=booking`,
    );
    // The browser comes back twice (reload, back button): the same place, nothing else.
    expect(await postReturn(ctx.app, returnUrl, `AccessID=${accessId}`)).toBe(callback);

    const first = await exePayment(ctx.app, accessId);
    expect(first.statusCode, first.body).toBe(200);
    const reserved = first.json<{ status: string; reservation_token: string }>();
    expect(reserved.status).toBe('reserved');
    const again = await exePayment(ctx.app, accessId);
    expect(again.json()).toEqual(reserved);

    expect(await orderStatus(ctx.db, order.id)).toBe('reserved');
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 2 });
    const payments = await paymentsOf(ctx.db, order.id);
    expect(payments.map((p) => [p.method, p.status])).toEqual([['gmo_3ds', 'confirmed']]);
    expect(await gatewayTrades(ctx.db, order.id)).toEqual(['CAPTURE']);
  });

  it('ten concurrent exe-payments charge once and all answer the same reservation', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    const redirect = await startChallenge(ctx.app, order.token);
    const { accessId } = await answerChallenge(ctx.app, redirect.redirect_url, 'pass');
    const answers = await Promise.all(Array.from({ length: 10 }, () => exePayment(ctx.app, accessId)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect(
      new Set(answers.map((res) => res.json<{ reservation_token: string }>().reservation_token)).size,
    ).toBe(1);
    expect(await gatewayTrades(ctx.db, order.id)).toEqual(['CAPTURE']);
    expect((await paymentsOf(ctx.db, order.id)).map((p) => p.status)).toEqual(['confirmed']);
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 1 });
  });

  it('fails the challenge: nothing charged, the failure fields say retry; a retry with another card reserves once', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 2);
    const redirect = await startChallenge(ctx.app, order.token);
    const { returnUrl, accessId } = await answerChallenge(ctx.app, redirect.redirect_url, 'fail');
    await postReturn(ctx.app, returnUrl, `AccessID=${accessId}`);

    const failed = await exePayment(ctx.app, accessId);
    expect(failed.statusCode).toBe(402);
    expect(failed.json()).toEqual({
      error: 'payment_api_failure',
      can_retry: true,
      order_token: order.token,
      is_time_change: false,
      old_reservation_token: null,
      time_change_token: null,
      sales_channel: 'web',
      flow: 'booking',
    });
    expect(await orderStatus(ctx.db, order.id)).toBe('ready_checkout');
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 2, sold: 0 });
    // Asked again, the same failure (the outcome is recorded, not recomputed).
    expect((await exePayment(ctx.app, accessId)).json()).toMatchObject({ can_retry: true });

    // Retry on the payment page: a frictionless card goes through without a challenge.
    const retry = await postCheckout(ctx.app, order.token, {
      payment_method_type: 'gmo_3ds',
      token: await cardToken(ctx.app, CARDS.visa),
    });
    expect(retry.json()).toMatchObject({ status: 'reserved' });
    const payments = await paymentsOf(ctx.db, order.id);
    expect(payments.map((p) => p.status)).toEqual(['failed', 'confirmed']);
    expect(await gatewayTrades(ctx.db, order.id)).toEqual(['UNPROCESSED', 'CAPTURE']);
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 2 });
  });

  it('refuses an exe-payment for no attempt of this site, and a return for no attempt', async () => {
    expect((await exePayment(ctx.app, 'f'.repeat(32))).json()).toEqual({ error: 'record not found' });
    expect((await exePayment(ctx.app, 'not a token!')).statusCode).toBe(400);
    const lost = await postReturn(ctx.app, '/payment-return/gmo_3ds/nobody', 'AccessID=x');
    expect(lost).toBe(`http://localhost:${ctx.env.PORT}/borderless/#/error`);
  });

  it('a challenge page for no transaction answers 404, and a second answer does not change the first', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/simulator/gmo/tds2/challenge/${'a'.repeat(32)}` }))
        .statusCode,
    ).toBe(404);
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    const redirect = await startChallenge(ctx.app, order.token);
    const { accessId } = await answerChallenge(ctx.app, redirect.redirect_url, 'fail');
    await answerChallenge(ctx.app, redirect.redirect_url, 'pass');
    expect((await exePayment(ctx.app, accessId)).statusCode).toBe(402);
    expect(pathOf(redirect.redirect_url)).toContain(accessId);
  });
});

/** The flow is named by the server, decided from the order (ADR 059): in the return URL and in the answer. */
describe('a spot order paid by GMO 3-D Secure', () => {
  it('returns to the callback with flow=spot, and the callback answers flow: spot', async () => {
    await ctx.db.$client.query(
      `INSERT INTO payment_methods (site_code, channel, method, position) VALUES ('DEMO', 'spot', 'gmo_3ds', 9)
       ON CONFLICT DO NOTHING`,
    );
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    await ctx.db.$client.query(`UPDATE orders SET channel = 'spot' WHERE id = $1`, [order.id]);
    const redirect = await startChallenge(ctx.app, order.token);
    const { returnUrl, accessId } = await answerChallenge(ctx.app, redirect.redirect_url, 'pass');
    const callback = await postReturn(ctx.app, returnUrl, `AccessID=${accessId}&answer=pass`);
    expect(callback).toBe(
      `http://localhost:${ctx.env.PORT}/demo/#/payment-callback/gmo3ds?md=${accessId}&flow=spot`,
    );

    const paid = await exePayment(ctx.app, accessId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'reserved', flow: 'spot' });
    const result = await ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/payment-results/${redirect.payment_number}`,
    });
    expect(result.json()).toMatchObject({ status: 'reserved', flow: 'spot' });
  });
});
