import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import { productWithSlot } from '../../../test/order-support.ts';
import {
  orderStatus,
  paymentsOf,
  postCheckout,
  readyOrder,
  stockOf,
} from '../../../test/checkout-support.ts';
import {
  answerCashier,
  checkoutRedirect,
  gatewayTrades,
  offerWallets,
  pathOf,
  paymentResult,
} from '../../../test/gmo-redirect-support.ts';

const ctx = setupTestApp();
beforeAll(() => offerWallets(ctx.db));

const notify = (form: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/payment-notify/gmo',
    payload: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

async function startWallet(method: 'gmo_paypay' | 'alipay', quantity = 2) {
  const slot = await productWithSlot(ctx.db, 10);
  const order = await readyOrder(ctx.app, ctx.db, slot, quantity);
  const redirect = await checkoutRedirect(ctx.app, order.token, { payment_method_type: method });
  return { slot, order, redirect };
}

describe('the GMO notification with what no gateway sends', () => {
  it('refuses a NUL byte and an over-long field name as an invalid request, not a server error', async () => {
    for (const form of <Record<string, string>[]>[
      { AccessID: 'a\u0000b', OrderID: 'x' },
      { AccessID: 'abc', OrderID: 'def', Status: 'CAPTURE\u0000' },
      { AccessID: 'abc', OrderID: 'def', ['k'.repeat(65)]: '1' },
    ]) {
      const res = await notify(form);
      expect(res.statusCode, JSON.stringify(form)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid request' });
    }
  });
});

/** GMO wallets through the simulator's cashier: the return and the notification are never believed (ADR 026). */
describe.each(['gmo_paypay', 'alipay'] as const)('%s', (method) => {
  it('approve: one charge, reserved; the return twice and the notification twice change nothing', async () => {
    const { slot, order, redirect } = await startWallet(method);
    expect(redirect.redirect_url).toMatch(/^\/simulator\/gmo\/wallet\/start\?AccessID=[0-9a-f]{32}&Token=/);
    const page = await ctx.app.inject({ method: 'GET', url: redirect.redirect_url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(method === 'gmo_paypay' ? 'PayPay' : 'Alipay');

    const approved = await answerCashier(ctx.app, redirect.redirect_url, 'approve');
    expect(approved.statusCode).toBe(303);
    const returnPath = pathOf(approved.headers.location as string);
    expect(returnPath).toMatch(new RegExp(`^/payment-return/${method}/${redirect.payment_number}\\?`));
    const back = await ctx.app.inject({ method: 'GET', url: returnPath });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(
      `http://localhost:${ctx.env.PORT}/demo/#/payment-callback/${method}/success?payment_number=${redirect.payment_number}&flow=booking`,
    );
    expect((await ctx.app.inject({ method: 'GET', url: returnPath })).headers.location).toBe(
      back.headers.location,
    );
    const accessId = new URL(redirect.redirect_url, 'http://x').searchParams.get('AccessID')!;
    const [payment] = await paymentsOf(ctx.db, order.id);
    const { rows } = await ctx.db.execute<{ key: string }>(
      sql`SELECT idempotency_key AS key FROM payments WHERE id = ${payment!.id}`,
    );
    for (let i = 0; i < 2; i += 1) {
      const res = await notify({ AccessID: accessId, OrderID: rows[0]!.key, Status: 'CAPTURE' });
      expect(res.body).toBe('0');
    }

    const result = await paymentResult(ctx.app, redirect.payment_number);
    expect(result.json()).toMatchObject({ status: 'reserved' });
    expect(await orderStatus(ctx.db, order.id)).toBe('reserved');
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 2 });
    expect((await paymentsOf(ctx.db, order.id)).map((p) => p.status)).toEqual(['confirmed']);
    expect(await gatewayTrades(ctx.db, order.id)).toEqual(['CAPTURE']);
  });

  it('the browser return is lost; the notification settles it', async () => {
    const { slot, order, redirect } = await startWallet(method, 1);
    const lost = await answerCashier(ctx.app, redirect.redirect_url, 'approve_lost_return');
    expect(lost.statusCode).toBe(200);
    expect(await orderStatus(ctx.db, order.id)).toBe('paying');
    expect((await paymentResult(ctx.app, redirect.payment_number)).json()).toEqual({
      status: 'pending',
      flow: 'booking',
    });

    const accessId = new URL(redirect.redirect_url, 'http://x').searchParams.get('AccessID')!;
    const { rows } = await ctx.db.execute<{ key: string }>(
      sql`SELECT idempotency_key AS key FROM payments WHERE order_id = ${order.id}`,
    );
    // A forged notification (wrong OrderID) is ignored; the real one is checked with the gateway.
    expect((await notify({ AccessID: accessId, OrderID: 'k-forged', Status: 'CAPTURE' })).body).toBe('0');
    expect(await orderStatus(ctx.db, order.id)).toBe('paying');
    await notify({ AccessID: accessId, OrderID: rows[0]!.key, Status: 'CAPTURE' });
    expect(await orderStatus(ctx.db, order.id)).toBe('reserved');
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 1 });
  });

  it('decline, then cancel, then approve: one charge in the end; the status in the return is not believed', async () => {
    const { slot, order, redirect } = await startWallet(method);
    // A return that claims success before anything happened settles nothing.
    const forged = await ctx.app.inject({
      method: 'GET',
      url: `/payment-return/${method}/${redirect.payment_number}?Status=CAPTURE`,
    });
    expect(forged.headers.location).toContain(`/payment-callback/${method}/pending`);
    expect(await orderStatus(ctx.db, order.id)).toBe('paying');

    const declined = await answerCashier(ctx.app, redirect.redirect_url, 'decline');
    const failure = await ctx.app.inject({ method: 'GET', url: pathOf(declined.headers.location as string) });
    expect(failure.headers.location).toContain(`/payment-callback/${method}/failure`);
    const answer = await paymentResult(ctx.app, redirect.payment_number);
    expect(answer.statusCode).toBe(402);
    expect(answer.json()).toMatchObject({
      error: 'payment_api_failure',
      can_retry: true,
      order_token: order.token,
    });

    const second = await checkoutRedirect(ctx.app, order.token, { payment_method_type: method });
    const canceled = await answerCashier(ctx.app, second.redirect_url, 'cancel');
    const cancelBack = await ctx.app.inject({
      method: 'GET',
      url: pathOf(canceled.headers.location as string),
    });
    expect(cancelBack.headers.location).toContain(`/payment-callback/${method}/cancel`);
    expect(await orderStatus(ctx.db, order.id)).toBe('ready_checkout');

    const third = await checkoutRedirect(ctx.app, order.token, { payment_method_type: method });
    const approved = await answerCashier(ctx.app, third.redirect_url, 'approve');
    await ctx.app.inject({ method: 'GET', url: pathOf(approved.headers.location as string) });
    expect((await postCheckout(ctx.app, order.token, { payment_method_type: method })).json()).toMatchObject({
      status: 'reserved',
    });
    expect((await paymentsOf(ctx.db, order.id)).map((p) => p.status)).toEqual([
      'failed',
      'failed',
      'confirmed',
    ]);
    expect(await gatewayTrades(ctx.db, order.id)).toEqual(['PAYFAIL', 'CANCEL', 'CAPTURE']);
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 2 });
  });
});
