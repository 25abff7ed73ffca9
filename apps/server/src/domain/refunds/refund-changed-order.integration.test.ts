import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CARDS, cardToken, orderStatus, payWithCard, readyOrder } from '../../../test/checkout-support.ts';
import { createProduct, createTimeSpan } from '../../../test/factories.ts';
import { setupTestApp, xsrfHeaders } from '../../../test/helper.ts';
import { SITE_PATH } from '../../../test/order-support.ts';
import { cancelTickets } from './cancel-tickets.ts';
import { cancelInput, ticketsOf } from './refund-test-support.ts';

/** A refund after a change of date (ADR 029): the money goes back over the top-up first, then the purchase. */
const ctx = setupTestApp();
const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000);

async function changeableProduct(prices: number[], startsAt: Date) {
  const product = await createProduct(ctx.db, { site: 'DEMO', prices });
  await ctx.db.execute(sql`
    UPDATE products SET date_changeable = true, date_change_until_minutes = 60, date_change_group = 'refund-test'
    WHERE id = ${product.id}`);
  const spanId = await createTimeSpan(ctx.db, { productId: product.id, capacity: 20, startsAt });
  return { ...product, spanId };
}

describe('refunds after a change of date', () => {
  it('gives back the top-up first, then the original payment; the whole sums to what was paid', async () => {
    const cheap = await changeableProduct([3000], inDays(3));
    const dear = await changeableProduct([5000], inDays(10));
    const order = await readyOrder(ctx.app, ctx.db, cheap, 2);
    const { reservation_token: token } = (await payWithCard(ctx.app, order.token)).json<{
      reservation_token: string;
    }>();
    const created = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/timechanges/${token}`,
      headers: xsrfHeaders(),
      payload: { time_span_id: dear.spanId, lang: 'en' },
    });
    expect(created.statusCode).toBe(201);
    const change = created.json<{ timechange_token: string }>().timechange_token;
    const topUp = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/timechanges/${token}/${change}/checkout`,
      headers: xsrfHeaders(),
      payload: {
        payment_method_type: 'gmo',
        token: await cardToken(ctx.app, CARDS.visa),
        masked_card_number: `${CARDS.visa.slice(0, 6)}******${CARDS.visa.slice(-4)}`,
      },
    });
    expect(topUp.statusCode, topUp.body).toBe(200);
    const { rows } = await ctx.db.execute<{ order_id: string }>(
      sql`SELECT order_id FROM time_changes WHERE timechange_token = ${change}`,
    );
    const changed = Number(rows[0]!.order_id);
    const [one] = await ticketsOf(ctx.db, changed);

    const deps = { payments: ctx.app.payments, env: ctx.env };
    // 6 000 paid, then 4 000 topped up: 5 000 a ticket.
    const first = await cancelTickets(ctx.db, deps, cancelInput(changed, { ticketIds: [one!.id] }));
    expect(first).toMatchObject({ status: 'succeeded', amount: 5000 });
    const parts = async (refundId: number) =>
      (
        await ctx.db.execute<{ method_order: string; amount: string; status: string }>(sql`
          SELECT p.order_id AS method_order, rp.amount, rp.status FROM refund_payments rp
          JOIN payments p ON p.id = rp.payment_id WHERE rp.refund_id = ${refundId} ORDER BY rp.payment_id DESC`)
      ).rows.map((row) => [Number(row.method_order), Number(row.amount), row.status]);
    expect(await parts(first.refundId)).toEqual([
      [changed, 4000, 'succeeded'],
      [order.id, 1000, 'succeeded'],
    ]);

    const rest = await cancelTickets(ctx.db, deps, cancelInput(changed));
    expect(rest).toMatchObject({ status: 'succeeded', amount: 5000 });
    expect(await parts(rest.refundId)).toEqual([[order.id, 5000, 'succeeded']]);
    expect(await orderStatus(ctx.db, changed)).toBe('refunded');
    // The place of the new slot goes back; the old slot's went back with the change.
    const { rows: stock } = await ctx.db.execute<{ sold: number }>(
      sql`SELECT sold FROM time_spans WHERE id = ${dear.spanId}`,
    );
    expect(stock[0]!.sold).toBe(0);
  });
});
