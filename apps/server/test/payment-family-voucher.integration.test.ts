import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_KINDS } from '@kippu/contract';
import { PAYMENT_FAMILIES } from '../src/payments/families.ts';
import { orderStatus, paymentsOf, postCheckout, readyOrder, stockOf } from './checkout-support.ts';
import { VALID_VOUCHER_CODE } from './fixtures/payment-family-voucher/voucher-gateway.ts';
import { voucherFamily } from './fixtures/payment-family-voucher/voucher-family.ts';
import { checkoutRedirect, pathOf, paymentResult } from './gmo-redirect-support.ts';
import { setupTestApp } from './helper.ts';
import { productWithSlot } from './order-support.ts';
import { offerMethod } from './stripe-support.ts';

/**
 * Issue 26, acceptance 2 (ADR 059): a thirteenth payment family from one folder
 * (fixtures/payment-family-voucher) plus its contract entry, plugged in through the product's own loop,
 * and a ticket bought through it over the API: hold → order form → checkout → the gateway's page → our
 * return route → the callback's answer → the reservation, on real PostgreSQL.
 */
describe('a payment family added from one folder', () => {
  const ctx = setupTestApp({}, { paymentFamilies: [...PAYMENT_FAMILIES, voucherFamily] });

  async function startVoucher(quantity = 2) {
    await offerMethod(ctx.db, 'voucher');
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, quantity);
    const redirect = await checkoutRedirect(ctx.app, order.token, { payment_method_type: 'voucher' });
    return { slot, order, redirect };
  }

  it('buys a ticket: checkout redirects to the gateway, the return settles, the reservation follows', async () => {
    const { slot, order, redirect } = await startVoucher();
    expect(redirect.redirect_url).toBe(`/voucher-gateway/${redirect.payment_number}`);
    expect(await orderStatus(ctx.db, order.id)).toBe('paying');

    // Before the visitor redeems: the callback screen is told to wait.
    const waiting = await paymentResult(ctx.app, redirect.payment_number);
    expect(waiting.json()).toEqual({ status: 'pending', flow: 'booking' });

    // The gateway's page redeems the voucher and sends the browser to our return route (the family's).
    const page = await ctx.app.inject({
      method: 'GET',
      url: `${redirect.redirect_url}?code=${VALID_VOUCHER_CODE}`,
    });
    expect(page.statusCode).toBe(303);
    const back = await ctx.app.inject({ method: 'GET', url: pathOf(page.headers.location as string) });
    expect(back.statusCode, back.body).toBe(303);
    expect(back.headers.location).toContain(
      `#/payment-callback/voucher/success?payment_number=${redirect.payment_number}`,
    );

    const result = await paymentResult(ctx.app, redirect.payment_number);
    expect(result.statusCode, result.body).toBe(200);
    const answer = result.json<{ status: string; reservation_token: string; flow: string }>();
    expect(answer).toMatchObject({ status: 'reserved', flow: 'booking' });

    expect(await orderStatus(ctx.db, order.id)).toBe('reserved');
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 2 });
    const [payment] = await paymentsOf(ctx.db, order.id);
    expect(payment).toMatchObject({ method: 'voucher', status: 'confirmed' });
    const { rows } = await ctx.db.execute<{ reservation_token: string }>(
      sql`SELECT reservation_token FROM reservations WHERE order_id = ${order.id}`,
    );
    expect(rows).toEqual([{ reservation_token: answer.reservation_token }]);
  });

  it('a cancelled redemption: nothing sold, the order may pay again', async () => {
    const { slot, order, redirect } = await startVoucher(1);
    const page = await ctx.app.inject({ method: 'GET', url: `${redirect.redirect_url}?code=WRONG` });
    const back = await ctx.app.inject({ method: 'GET', url: pathOf(page.headers.location as string) });
    expect(back.headers.location).toContain('#/payment-callback/voucher/cancel');
    expect(await orderStatus(ctx.db, order.id)).toBe('ready_checkout');
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 1, sold: 0 });
  });

  it('is known to the registry with the kind its entry declares', () => {
    expect(ctx.app.payments.kindOf('voucher')).toBe('redirect');
    expect(ctx.app.payments.kindOf('gmo_3ds')).toBe(PAYMENT_METHOD_KINDS.gmo_3ds);
  });
});

describe('the product without the fixture', () => {
  const ctx = setupTestApp();

  it('serves no voucher method: a checkout naming it is refused and the order untouched', async () => {
    await offerMethod(ctx.db, 'voucher');
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    const res = await postCheckout(ctx.app, order.token, { payment_method_type: 'voucher' });
    // Offered by the site but served by no family: refused as a request, before the order is looked at.
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid request' });
    expect(await orderStatus(ctx.db, order.id)).toBe('ready_checkout');
    expect(await paymentsOf(ctx.db, order.id)).toEqual([]);
    expect(ctx.app.payments.kindOf('voucher')).toBeUndefined();
  });
});
