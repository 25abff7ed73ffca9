import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CARDS, cardToken, postCheckout, readyOrder, stockOf } from '../../../test/checkout-support.ts';
import { createCoupon, createProduct, createTimeSpan } from '../../../test/factories.ts';
import { setupTestApp, xsrfHeaders } from '../../../test/helper.ts';
import { SITE_PATH } from '../../../test/order-support.ts';

const DAY = 24 * 3600 * 1000;
const ctx = setupTestApp();
let serial = 0;

/** A changeable product with two slots (in 2 and in 9 days), and a paid purchase of 1 ticket on the first. */
async function purchase(options: { coupon?: number; email?: string; prices?: [number, number] } = {}) {
  serial += 1;
  const [price, dearer] = options.prices ?? [2000, 2000];
  const product = await createProduct(ctx.db, { site: 'DEMO', prices: [price] });
  const other = dearer === price ? product : await createProduct(ctx.db, { site: 'DEMO', prices: [dearer] });
  await ctx.db.execute(sql`
    UPDATE products SET date_changeable = true, date_change_until_minutes = 60, date_change_group = ${`refusals-${serial}`}
    WHERE id IN (${product.id}, ${other.id})`);
  const from = await createTimeSpan(ctx.db, { productId: product.id, capacity: 5, startsAt: new Date(Date.now() + 2 * DAY) });
  const to = await createTimeSpan(ctx.db, { productId: other.id, capacity: 5, startsAt: new Date(Date.now() + 9 * DAY) });
  const order = await readyOrder(ctx.app, ctx.db, { ...product, spanId: from }, 1);
  if (options.coupon) {
    await ctx.db.execute(sql`
      INSERT INTO order_coupons (order_id, coupon_id, discount) VALUES (${order.id}, ${options.coupon}, 200)`);
  }
  const paid = await postCheckout(ctx.app, order.token, {
    payment_method_type: 'gmo',
    token: await cardToken(ctx.app, CARDS.visa),
    masked_card_number: '411111******1111',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const token = paid.json<{ reservation_token: string }>().reservation_token;
  if (options.email !== undefined) {
    await ctx.db.execute(sql`UPDATE reservations SET email = ${options.email} WHERE reservation_token = ${token}`);
  }
  return { token, to };
}

const postChange = (token: string, to: number) =>
  ctx.app.inject({
    method: 'POST',
    url: `${SITE_PATH}/timechanges/${token}`,
    headers: xsrfHeaders(),
    payload: { time_span_id: to, lang: 'en' },
  });

const canChange = async (token: string) =>
  (await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/tickets/${token}?lang=en` })).json<{
    can_change_date: boolean;
  }>().can_change_date;

describe('a change of date refused by the spec’s errors (issue 32 items 23, 24)', () => {
  it('a coupon that has expired since the purchase: time_change expired coupon, nothing held', async () => {
    const coupon = await createCoupon(ctx.db, { code: `EXPIRED-${Date.now()}` });
    const { token, to } = await purchase({ coupon });
    await ctx.db.execute(sql`UPDATE coupons SET valid_to = now() - interval '1 minute' WHERE id = ${coupon}`);
    const refused = await postChange(token, to);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'time_change expired coupon' });
    expect(await stockOf(ctx.db, to)).toEqual({ held: 0, sold: 0 });
  });

  it('a coupon whose visit dates do not cover the new day: time_change out of coverage dates', async () => {
    const lastDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date(Date.now() + 4 * DAY));
    const coupon = await createCoupon(ctx.db, { code: `COVER-${Date.now()}`, coverageTo: lastDay });
    const { token, to } = await purchase({ coupon });
    const refused = await postChange(token, to);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'time_change out of coverage dates' });
    expect(await stockOf(ctx.db, to)).toEqual({ held: 0, sold: 0 });
  });

  it('a purchase discounted by a payment-method coupon (ADR 103): cannot change ticket because payment method discount', async () => {
    const coupon = await createCoupon(ctx.db, { code: `CARDONLY-${Date.now()}`, paymentMethods: ['gmo'] });
    const { token, to } = await purchase({ coupon });
    expect(await canChange(token)).toBe(false);
    const refused = await postChange(token, to);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'cannot change ticket because payment method discount' });
    expect(await stockOf(ctx.db, to)).toEqual({ held: 0, sold: 0 });

    // An ordinary coupon does not stop a change.
    const plain = await createCoupon(ctx.db, { code: `PLAIN-${Date.now()}` });
    const other = await purchase({ coupon: plain });
    expect(await canChange(other.token)).toBe(true);
    expect((await postChange(other.token, other.to)).statusCode).toBe(201);
  });

  it('checkout takes a payment-method discount only with its methods (ADR 103)', async () => {
    const coupon = await createCoupon(ctx.db, { code: `PAYPAYONLY-${Date.now()}`, paymentMethods: ['gmo_paypay'] });
    const product = await createProduct(ctx.db, { site: 'DEMO', prices: [2000] });
    const span = await createTimeSpan(ctx.db, { productId: product.id, capacity: 5, startsAt: new Date(Date.now() + 3 * DAY) });
    const order = await readyOrder(ctx.app, ctx.db, { ...product, spanId: span }, 1);
    await ctx.db.execute(sql`INSERT INTO order_coupons (order_id, coupon_id, discount) VALUES (${order.id}, ${coupon}, 200)`);
    const byCard = await postCheckout(ctx.app, order.token, {
      payment_method_type: 'gmo',
      token: await cardToken(ctx.app, CARDS.visa),
      masked_card_number: '411111******1111',
    });
    expect(byCard.statusCode).toBe(409);
    expect(byCard.json()).toEqual({ error: 'coupon cannot be applied to specified order' });
    const { rows } = await ctx.db.execute<{ status: string }>(sql`SELECT status FROM orders WHERE id = ${order.id}`);
    expect(rows[0]!.status).toBe('ready_checkout');
  });

  it('an address on file that is not one: invalid email address in time change, at the start and at the top-up', async () => {
    const bad = await purchase({ email: 'not-an-address' });
    const refused = await postChange(bad.token, bad.to);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'invalid email address in time change' });
    expect(await stockOf(ctx.db, bad.to)).toEqual({ held: 0, sold: 0 });

    // Edited after the change began (the order desk): the top-up is refused before any charge.
    const later = await purchase({ prices: [2000, 2600] });
    const created = await postChange(later.token, later.to);
    expect(created.statusCode, created.body).toBe(201);
    const change = created.json<{ timechange_token: string }>().timechange_token;
    await ctx.db.execute(sql`UPDATE reservations SET email = 'hanako@@example' WHERE reservation_token = ${later.token}`);
    const topUp = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/timechanges/${later.token}/${change}/checkout`,
      headers: xsrfHeaders(),
      payload: { payment_method_type: 'gmo', token: await cardToken(ctx.app, CARDS.visa), masked_card_number: '411111******1111' },
    });
    expect(topUp.statusCode).toBe(400);
    expect(topUp.json()).toEqual({ error: 'invalid email address in time change' });
    const { rows } = await ctx.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM payments p JOIN time_changes tc ON tc.order_id = p.order_id
      WHERE tc.timechange_token = ${change}`);
    expect(rows[0]!.n).toBe(0);
  });
});
