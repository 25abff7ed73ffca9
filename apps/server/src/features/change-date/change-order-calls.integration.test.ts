import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TemporaryOrder } from '@kippu/contract';
import {
  CARDS,
  cardToken,
  orderStatus,
  payWithCard,
  paymentsOf,
  postCheckout,
  readyOrder,
} from '../../../test/checkout-support.ts';
import { createCoupon, createProduct, createTimeSpan } from '../../../test/factories.ts';
import { setupTestApp, visitorAddress, xsrfHeaders } from '../../../test/helper.ts';
import { SITE_PATH } from '../../../test/order-support.ts';

/**
 * A change of date's temporary order moves only through the change's calls (ADR 029, 040): its top-up was
 * fixed from the purchase's terms when the change started, so the ordinary order calls (a coupon, the
 * order form, the order's checkout, its cancel) are refused on it and take nothing (no coupon use, no
 * payment, no hold given back behind the change).
 */

const DAY = 24 * 3600 * 1000;
const HOLDER = [
  { key: 'fullname', value: 'Hanako Yamada' },
  { key: 'email', value: 'hanako@example.jp' },
];

describe('the ordinary order calls on a change of date’s order (ADR 040)', () => {
  const ctx = setupTestApp();
  const inDays = (days: number, hour = 3) =>
    new Date(Math.floor(Date.now() / DAY) * DAY + days * DAY + hour * 3600_000);

  async function changeableProduct(prices: number[], startsAt: Date) {
    const product = await createProduct(ctx.db, { site: 'DEMO', prices });
    await ctx.db.execute(sql`
      UPDATE products SET date_changeable = true, date_change_until_minutes = 60,
                          date_change_group = 'change-order-calls'
      WHERE id = ${product.id}`);
    const spanId = await createTimeSpan(ctx.db, { productId: product.id, capacity: 20, startsAt });
    return { ...product, spanId };
  }

  /**
   * One adult's day ticket bought for 3,000 and a pending change to the night (5,000): top-up 2,000.
   * Answers the purchase's reservation token, the change's token and its order's id and token.
   */
  async function pendingChange(week: number) {
    const day = await changeableProduct([3000, 1000], inDays(week * 7 + 3));
    const night = await changeableProduct([5000, 2000], inDays(week * 7 + 5));
    const order = await readyOrder(ctx.app, ctx.db, day, 1);
    const paid = await payWithCard(ctx.app, order.token);
    expect(paid.statusCode).toBe(200);
    const token = paid.json<{ reservation_token: string }>().reservation_token;
    const created = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/timechanges/${token}`,
      headers: xsrfHeaders(),
      payload: { time_span_id: night.spanId, lang: 'en' },
    });
    expect(created.statusCode).toBe(201);
    const change = created.json<{ timechange_token: string }>().timechange_token;
    const { rows } = await ctx.db.execute<{ order_id: number; order_token: string; top_up: number }>(sql`
      SELECT c.order_id, o.order_token, c.top_up FROM time_changes c JOIN orders o ON o.id = c.order_id
      WHERE c.timechange_token = ${change}`);
    expect(Number(rows[0]!.top_up)).toBe(2000);
    return { token, change, orderId: Number(rows[0]!.order_id), orderToken: rows[0]!.order_token };
  }

  async function payTopUp(token: string, change: string, cardno: string = CARDS.visa) {
    return ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/timechanges/${token}/${change}/checkout`,
      headers: xsrfHeaders(),
      payload: {
        payment_method_type: 'gmo',
        token: await cardToken(ctx.app, cardno),
        masked_card_number: `${cardno.slice(0, 6)}******${cardno.slice(-4)}`,
      },
    });
  }

  function applyCoupon(orderToken: string, couponCode: string, path = 'ordercoupons') {
    return ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/${path}/${orderToken}`,
      headers: xsrfHeaders(),
      remoteAddress: visitorAddress(),
      payload: { coupon_code: couponCode },
    });
  }

  async function temporaryOrder(orderToken: string) {
    const res = await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/orders/${orderToken}?lang=en` });
    expect(res.statusCode).toBe(200);
    return res.json<TemporaryOrder>();
  }

  async function usedCount(couponId: number) {
    const { rows } = await ctx.db.execute<{ used_count: number }>(
      sql`SELECT used_count FROM coupons WHERE id = ${couponId}`,
    );
    return Number(rows[0]!.used_count);
  }

  async function orderCouponsOf(orderId: number) {
    const { rows } = await ctx.db.execute<{ coupon_id: number }>(
      sql`SELECT coupon_id FROM order_coupons WHERE order_id = ${orderId}`,
    );
    return rows.map((row) => Number(row.coupon_id));
  }

  it('takes no coupon: refused before a use is taken, on the web route and the spot route alike', async () => {
    const { token, change, orderId, orderToken } = await pendingChange(1);
    // A coupon with one use left: a refused call must leave it for someone else.
    const couponId = await createCoupon(ctx.db, {
      code: 'MOVE1000',
      discountType: 'fixed',
      discountValue: 1000,
      usageLimit: 1,
      channels: ['web', 'spot'],
    });

    const refused = await applyCoupon(orderToken, 'MOVE1000');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'no further discounts' });
    // The spot route takes only a spot order: the change's order (web) is not one.
    const spot = await applyCoupon(orderToken, 'MOVE1000', 'spot/ordercoupons');
    expect(spot.statusCode).toBe(400);
    expect(spot.json()).toEqual({ error: 'invalid channel' });
    expect(await usedCount(couponId)).toBe(0);
    expect(await orderCouponsOf(orderId)).toEqual([]);
    expect(await temporaryOrder(orderToken)).toMatchObject({ price: 5000, coupons: [] });

    // The top-up fixed at the start is what the new order says it costs beyond the 3,000 paid.
    expect((await payTopUp(token, change)).json()).toMatchObject({ status: 'reserved' });
    expect((await paymentsOf(ctx.db, orderId)).map((p) => p.amount)).toEqual([2000]);
    expect(await orderCouponsOf(orderId)).toEqual([]);
    // The use is still there for an ordinary order.
    const other = await changeableProduct([3000, 1000], inDays(4));
    const ordinary = await readyOrder(ctx.app, ctx.db, other, 1);
    expect((await applyCoupon(ordinary.token, 'MOVE1000')).statusCode).toBe(200);
    expect(await usedCount(couponId)).toBe(1);
  });

  it('gives no coupon back: a coupon on the order (put there before this rule) stays with its use', async () => {
    const { orderId, orderToken } = await pendingChange(2);
    const couponId = await createCoupon(ctx.db, {
      code: 'EARLIER',
      discountType: 'fixed',
      discountValue: 500,
      usageLimit: 3,
    });
    const { rows } = await ctx.db.execute<{ id: number }>(sql`
      INSERT INTO order_coupons (order_id, coupon_id, discount) VALUES (${orderId}, ${couponId}, 500)
      RETURNING id`);
    await ctx.db.execute(sql`UPDATE coupons SET used_count = 1 WHERE id = ${couponId}`);

    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `${SITE_PATH}/ordercoupons/${orderToken}/${rows[0]!.id}`,
      headers: xsrfHeaders(),
      remoteAddress: visitorAddress(),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'no further discounts' });
    expect(await orderCouponsOf(orderId)).toEqual([couponId]);
    expect(await usedCount(couponId)).toBe(1);
  });

  it('takes no order form: the holder’s details stay the purchase’s and the order stays where it was', async () => {
    const { orderId, orderToken } = await pendingChange(3);
    const before = await orderStatus(ctx.db, orderId);

    const refused = await ctx.app.inject({
      method: 'PUT',
      url: `${SITE_PATH}/orders/${orderToken}`,
      headers: xsrfHeaders(),
      payload: {
        customer_info: [
          { key: 'fullname', value: 'Someone Else' },
          { key: 'email', value: 'someone@example.jp' },
        ],
      },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: 'record not found' });
    const kept = (await temporaryOrder(orderToken)).customer_info;
    expect(kept).toHaveLength(HOLDER.length);
    expect(kept).toEqual(expect.arrayContaining(HOLDER));
    expect(await orderStatus(ctx.db, orderId)).toBe(before);
  });

  it('sends no mail confirmation: the holder was confirmed with the purchase, and no mail is queued', async () => {
    const { orderId, orderToken } = await pendingChange(5);
    const before = await orderStatus(ctx.db, orderId);
    const queued = async () =>
      (await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM mail_outbox`)).rows[0]!.n;
    const mails = await queued();

    const refused = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/ordermails/${orderToken}`,
      headers: xsrfHeaders(),
      payload: { lang: 'en' },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: 'record not found' });
    expect(await queued()).toBe(mails);
    const { rows } = await ctx.db.execute(sql`SELECT 1 FROM mail_tokens WHERE order_id = ${orderId}`);
    expect(rows).toHaveLength(0);
    expect(await orderStatus(ctx.db, orderId)).toBe(before);
  });

  it('is not cancelled by the order’s DELETE: the hold goes back only with the change, by its own cancel', async () => {
    const { token, change, orderId, orderToken } = await pendingChange(6);
    const state = async () => {
      const { rows } = await ctx.db.execute<{ order: string; change: string; held: number }>(sql`
        SELECT o.status AS order, c.status AS change, s.held
        FROM time_changes c JOIN orders o ON o.id = c.order_id JOIN time_spans s ON s.id = o.time_span_id
        WHERE c.order_id = ${orderId}`);
      return rows[0]!;
    };
    expect(await state()).toEqual({ order: 'holding', change: 'pending', held: 1 });

    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `${SITE_PATH}/orders/${orderToken}`,
      headers: xsrfHeaders(),
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: 'record not found' });
    expect(await state()).toEqual({ order: 'holding', change: 'pending', held: 1 });

    const cancelled = await ctx.app.inject({
      method: 'DELETE',
      url: `${SITE_PATH}/timechanges/${token}/${change}`,
      headers: xsrfHeaders(),
    });
    expect(cancelled.statusCode).toBe(204);
    expect(await state()).toEqual({ order: 'cancelled', change: 'cancelled', held: 0 });
  });

  it('is not paid by the order’s checkout: only the change’s top-up pays it', async () => {
    const { token, change, orderId, orderToken } = await pendingChange(4);
    // A declined top-up leaves the order ready_checkout, the state the order's checkout takes.
    expect((await payTopUp(token, change, CARDS.decline)).statusCode).toBe(402);
    expect(await orderStatus(ctx.db, orderId)).toBe('ready_checkout');

    const refused = await postCheckout(ctx.app, orderToken, {
      payment_method_type: 'gmo',
      token: await cardToken(ctx.app, CARDS.visa),
      masked_card_number: `${CARDS.visa.slice(0, 6)}******${CARDS.visa.slice(-4)}`,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: 'record not found' });
    expect((await paymentsOf(ctx.db, orderId)).map((p) => [p.amount, p.status])).toEqual([[2000, 'failed']]);
    expect(await orderStatus(ctx.db, orderId)).toBe('ready_checkout');

    expect((await payTopUp(token, change)).json()).toMatchObject({ status: 'reserved' });
    expect((await paymentsOf(ctx.db, orderId)).map((p) => p.amount)).toEqual([2000, 2000]);
  });
});
