import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payWithCard, readyOrder, stockOf } from '../../../test/checkout-support.ts';
import { createProduct, createTimeSpan } from '../../../test/factories.ts';
import { setupTestApp, xsrfHeaders } from '../../../test/helper.ts';
import { SITE_PATH } from '../../../test/order-support.ts';
import { settleAttempt, type SettleDeps } from '../../domain/checkout/settle-attempt.ts';
import { orderById, transitionOrders } from '../../domain/orders/order-state.ts';
import { insertAttempt } from '../../domain/payments/payment-attempts.ts';
import type { PaymentAttempt, PaymentProvider } from '../../domain/payments/payment-provider.ts';

const ctx = setupTestApp();
const DAY = 24 * 3600 * 1000;

/**
 * A change of date's temporary order is completed by its fulfilment (ADR 029, 058), never booked as a new
 * reservation. Settle deps built without that fulfilment (`fulfilments: []`) must not issue a second set of
 * tickets for the visit: the top-up is refunded as for an order that is gone, and the mistake logged.
 */
describe('a change of date’s order that no fulfilment claims', () => {
  it('is refunded and logged; no second reservation, no stock sold, the change stays pending', async () => {
    const product = await createProduct(ctx.db, { site: 'DEMO', prices: [3000, 1000] });
    await ctx.db.execute(sql`
      UPDATE products SET date_changeable = true, date_change_until_minutes = 60,
                          date_change_group = 'unclaimed-change-test'
      WHERE id = ${product.id}`);
    const firstDay = Math.floor(Date.now() / DAY) * DAY;
    const from = await createTimeSpan(ctx.db, {
      productId: product.id,
      capacity: 20,
      startsAt: new Date(firstDay + 3 * DAY + 3 * 3600_000),
    });
    const to = await createTimeSpan(ctx.db, {
      productId: product.id,
      capacity: 20,
      startsAt: new Date(firstDay + 10 * DAY + 3 * 3600_000),
    });

    // A paid purchase, then a change of date to the other slot (its temporary order holds the new seats).
    const purchase = await readyOrder(ctx.app, ctx.db, { ...product, spanId: from }, 2);
    const paid = await payWithCard(ctx.app, purchase.token);
    expect(paid.statusCode).toBe(200);
    const token = paid.json<{ reservation_token: string }>().reservation_token;
    const created = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/timechanges/${token}`,
      headers: xsrfHeaders(),
      payload: { time_span_id: to, lang: 'en' },
    });
    expect(created.statusCode).toBe(201);
    const changeToken = created.json<{ timechange_token: string }>().timechange_token;
    const changeOrderId = Number(
      (
        await ctx.db.execute<{ order_id: string }>(
          sql`SELECT order_id FROM time_changes WHERE timechange_token = ${changeToken}`,
        )
      ).rows[0]!.order_id,
    );

    // Its top-up in flight, as the top-up checkout leaves it.
    const attempt = await ctx.db.transaction(async (tx) => {
      await transitionOrders(tx, {
        orders: orderById(changeOrderId),
        to: 'ready_checkout',
        reason: 'date_change_confirmed',
      });
      await transitionOrders(tx, { orders: orderById(changeOrderId), to: 'paying', reason: 'checkout' });
      return insertAttempt(tx, {
        orderId: changeOrderId,
        siteCode: 'DEMO',
        method: 'gmo',
        amount: 500,
        currency: 'JPY',
      });
    });

    const refunded: PaymentAttempt[] = [];
    const provider: PaymentProvider = {
      family: 'test',
      publicFields: () => ({}),
      start: () => Promise.reject(new Error('not started here')),
      complete: () => Promise.reject(new Error('not completed here')),
      status: () => Promise.resolve('confirmed'),
      refund: (paidAttempt) => {
        refunded.push(paidAttempt);
        return Promise.resolve({ kind: 'refunded', providerReference: null, events: [] });
      },
    };
    const errors: { details: object; message: string }[] = [];
    const deps: SettleDeps = {
      db: ctx.db,
      env: ctx.env,
      log: { error: (details, message) => errors.push({ details, message }) },
      orderPaid: { ...ctx.app.checkoutDeps.orderPaid, fulfilments: [] },
    };

    await settleAttempt(deps, provider, attempt, { kind: 'done', providerReference: 'ref-1', events: [] });

    // The top-up went back through the provider and is recorded so.
    expect(refunded.map((a) => a.id)).toEqual([attempt.id]);
    const payment = await ctx.db.execute<{ status: string }>(
      sql`SELECT status FROM payments WHERE id = ${attempt.id}`,
    );
    expect(payment.rows).toEqual([{ status: 'refunded' }]);
    expect(errors).toEqual([
      {
        details: { paymentId: attempt.id, orderId: changeOrderId },
        message: expect.stringContaining('no fulfilment claimed it'),
      },
    ]);

    // No second reservation, no tickets for it, nothing sold; the purchase and the change are as they were.
    const state = await ctx.db.execute<{
      reservations: number;
      change_reservations: number;
      change_order: string;
      change: string;
      purchase_order: string;
    }>(sql`
      SELECT (SELECT count(*)::int FROM reservations r JOIN orders o ON o.id = r.order_id
              WHERE o.product_id = ${product.id}) AS reservations,
             (SELECT count(*)::int FROM reservations WHERE order_id = ${changeOrderId}) AS change_reservations,
             (SELECT status FROM orders WHERE id = ${changeOrderId}) AS change_order,
             (SELECT status FROM time_changes WHERE timechange_token = ${changeToken}) AS change,
             (SELECT status FROM orders WHERE id = ${purchase.id}) AS purchase_order`);
    expect(state.rows[0]).toEqual({
      reservations: 1,
      change_reservations: 0,
      change_order: 'paying',
      change: 'pending',
      purchase_order: 'reserved',
    });
    expect(await stockOf(ctx.db, to)).toEqual({ held: 2, sold: 0 });
    expect(await stockOf(ctx.db, from)).toEqual({ held: 0, sold: 2 });
    const mails = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'purchase_confirmation'`,
    );
    expect(mails.rows[0]!.n).toBe(1);
  });
});
