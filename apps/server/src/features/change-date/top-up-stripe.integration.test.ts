import { STRIPE_TEST_CARDS } from '@kippu/contract/stripe-test-cards';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  orderStatus,
  payWithCard,
  paymentsOf,
  readyOrder,
  stockOf,
} from '../../../test/checkout-support.ts';
import { createProduct, createTimeSpan } from '../../../test/factories.ts';
import { setupTestApp, xsrfHeaders } from '../../../test/helper.ts';
import { SITE_PATH } from '../../../test/order-support.ts';
import {
  answerChallenge,
  browserReturn,
  offerMethod,
  stripePaymentMethod,
} from '../../../test/stripe-support.ts';

const ctx = setupTestApp();
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  await offerMethod(ctx.db, 'stripe_secure');
});

/** A 1-ticket purchase of a 1000 yen product, changeable to its 1600 yen sibling's slot a week later. */
async function purchaseAndDearerSlot() {
  const cheap = await createProduct(ctx.db, { site: 'DEMO', prices: [1000] });
  const dear = await createProduct(ctx.db, { site: 'DEMO', prices: [1600] });
  await ctx.db.execute(sql`
    UPDATE products SET date_changeable = true, date_change_until_minutes = 60, date_change_group = 'top-up-stripe'
    WHERE id IN (${cheap.id}, ${dear.id})`);
  const from = await createTimeSpan(ctx.db, { productId: cheap.id, capacity: 5, startsAt: new Date(Date.now() + 2 * DAY) });
  const to = await createTimeSpan(ctx.db, { productId: dear.id, capacity: 5, startsAt: new Date(Date.now() + 9 * DAY) });
  const order = await readyOrder(ctx.app, ctx.db, { ...cheap, spanId: from }, 1);
  const paid = await payWithCard(ctx.app, order.token);
  expect(paid.statusCode).toBe(200);
  return { token: paid.json<{ reservation_token: string }>().reservation_token, orderId: order.id, from, to };
}

describe('a top-up paid by Stripe with 3-D Secure (issue 32: sites without a GMO card)', () => {
  it('failed challenge: the change’s payment page, nothing moves; passed: the change completes, paid once', async () => {
    const { token, orderId, from, to } = await purchaseAndDearerSlot();
    const created = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/timechanges/${token}`,
      headers: xsrfHeaders(),
      payload: { time_span_id: to, lang: 'zh-hant' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const change = created.json<{ timechange_token: string }>().timechange_token;
    const topUp = async () =>
      ctx.app.inject({
        method: 'POST',
        url: `${SITE_PATH}/timechanges/${token}/${change}/checkout`,
        headers: xsrfHeaders(),
        payload: {
          payment_method_type: 'stripe_secure',
          token: await stripePaymentMethod(ctx.app, STRIPE_TEST_CARDS.success),
          masked_card_number: '************4242',
        },
      });

    const first = await topUp();
    expect(first.statusCode, first.body).toBe(200);
    const away = first.json<{ status: string; redirect_url: string; payment_number: string }>();
    expect(away.status).toBe('redirect');
    const failed = await browserReturn(ctx.app, await answerChallenge(ctx.app, away.redirect_url, false));
    expect(failed.headers.location).toMatch(/#\/payment-callback\/stripe_secure\/failure\?/);
    const result = await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/payment-results/${away.payment_number}` });
    expect(result.json()).toMatchObject({
      can_retry: true,
      is_time_change: true,
      flow: 'change_date',
      old_reservation_token: token,
      time_change_token: change,
    });
    // The new slot stays held for another try until the change's hold runs out (the hold sweep).
    expect(await stockOf(ctx.db, to)).toEqual({ held: 1, sold: 0 });
    expect(await orderStatus(ctx.db, orderId)).toBe('reserved');

    const second = await topUp();
    const again = second.json<{ redirect_url: string; payment_number: string }>();
    const done = await browserReturn(ctx.app, await answerChallenge(ctx.app, again.redirect_url, true));
    expect(done.headers.location).toMatch(/#\/payment-callback\/stripe_secure\/success\?/);
    const reserved = await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/payment-results/${again.payment_number}` });
    expect(reserved.json()).toMatchObject({ status: 'reserved', flow: 'change_date', reservation_token: token });

    const { rows } = await ctx.db.execute<{ status: string; order_id: number }>(
      sql`SELECT status, order_id FROM time_changes WHERE timechange_token = ${change}`,
    );
    expect(rows[0]!.status).toBe('done');
    expect(await orderStatus(ctx.db, orderId)).toBe('changed');
    expect(await stockOf(ctx.db, from)).toEqual({ held: 0, sold: 0 });
    expect(await stockOf(ctx.db, to)).toEqual({ held: 0, sold: 1 });
    expect(
      (await paymentsOf(ctx.db, Number(rows[0]!.order_id))).map((payment) => [payment.method, payment.status, payment.amount]),
    ).toEqual([
      ['stripe_secure', 'failed', 600],
      ['stripe_secure', 'confirmed', 600],
    ]);
  });
});
