import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp, xsrfHeaders } from '../../../test/helper.ts';
import { SITE_PATH, productWithSlot } from '../../../test/order-support.ts';
import { orderStatus, payWithCard, paymentsOf, readyOrder, stockOf } from '../../../test/checkout-support.ts';
import { orderById, transitionOrders } from '../../domain/orders/order-state.ts';
import { insertAttempt, markPending } from '../../domain/payments/payment-attempts.ts';

const ctx = setupTestApp();

function confirm(payload: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: `${SITE_PATH}/orders/confirmcheckout`,
    headers: xsrfHeaders(),
    payload: payload as Record<string, unknown>,
  });
}

async function paymentNumberOf(paymentId: number): Promise<string> {
  const { rows } = await ctx.db.execute<{ payment_number: string }>(
    sql`SELECT payment_number FROM payments WHERE id = ${paymentId}`,
  );
  return rows[0]!.payment_number;
}

/**
 * The generic part of POST /orders/confirmcheckout (ADR 027): finding the attempt, answering a settled one
 * again, settling a pending one once through its provider. The SoftBank and Stripe flows have their own tests.
 */
describe('POST /orders/confirmcheckout', () => {
  it('refuses a body that is neither shape, and an unknown payment, without a 5xx', async () => {
    for (const body of [
      {},
      { payment_number: 'x' },
      { payment_method_type: 'softbank_3ds' },
      { payment_intent_id: '' },
    ]) {
      const res = await confirm(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid request' });
    }
    const unknownNumber = await confirm({
      payment_number: 'AAAAAAAAAAAAAAAAAAAAAA',
      payment_method_type: 'softbank_3ds',
    });
    expect(unknownNumber.statusCode).toBe(404);
    expect(unknownNumber.json()).toEqual({ error: 'record not found' });
    const unknownIntent = await confirm({ payment_intent_id: 'pi_unknown' });
    expect(unknownIntent.statusCode).toBe(404);
    // A method no payment family serves is refused before the payment is looked for.
    const bogusMethod = await confirm({
      payment_number: 'AAAAAAAAAAAAAAAAAAAAAA',
      payment_method_type: 'bogus',
    });
    expect(bogusMethod.statusCode).toBe(400);
    expect(bogusMethod.json()).toEqual({ error: 'invalid request' });
  });

  it('answers a settled attempt with its reservation again, and only for its own method and site', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 2);
    const paid = await payWithCard(ctx.app, order.token);
    expect(paid.statusCode).toBe(200);
    const [payment] = await paymentsOf(ctx.db, order.id);
    const paymentNumber = await paymentNumberOf(payment!.id);

    const again = await confirm({ payment_number: paymentNumber, payment_method_type: 'gmo' });
    expect(again.statusCode).toBe(200);
    // The confirmation's answer is checkout's, naming the flow it belongs to (ADR 059).
    expect(again.json()).toEqual({ ...paid.json(), flow: 'booking' });
    const byReference = await confirm({ payment_intent_id: payment!.provider_reference });
    expect(byReference.json()).toEqual({ ...paid.json(), flow: 'booking' });

    const otherMethod = await confirm({ payment_number: paymentNumber, payment_method_type: 'softbank_3ds' });
    expect(otherMethod.statusCode).toBe(404);
    const otherSite = await ctx.app.inject({
      method: 'POST',
      url: '/borderless/api/v1/orders/confirmcheckout',
      headers: xsrfHeaders(),
      payload: { payment_number: paymentNumber, payment_method_type: 'gmo' },
    });
    expect(otherSite.statusCode).toBe(404);
    expect(await paymentsOf(ctx.db, order.id)).toHaveLength(1);
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 2 });
  });

  it('settles a pending attempt once through its provider, however many confirms race', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 2);
    // An attempt that went to the gateway and never came back: the GMO simulator knows no trade for it,
    // so asking the gateway (complete → SearchTrade) declines it.
    const attempt = await ctx.db.transaction(async (tx) => {
      await transitionOrders(tx, { orders: orderById(order.id), to: 'paying', reason: 'checkout' });
      const inserted = await insertAttempt(tx, {
        orderId: order.id,
        siteCode: 'DEMO',
        method: 'gmo',
        amount: 6000,
        currency: 'JPY',
      });
      await markPending(tx, inserted.id, 'ref-lost', 'http://gateway.example/challenge', []);
      return inserted;
    });

    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        confirm({ payment_number: attempt.paymentNumber, payment_method_type: 'gmo' }),
      ),
    );
    // The gateway answered (no such trade): the attempt is declined, not a fault, and may be paid again (ADR 100).
    for (const answer of answers) {
      expect(answer.statusCode).toBe(402);
      expect(answer.json()).toEqual({ error: 'payment_api_failure' });
    }
    const payments = await paymentsOf(ctx.db, order.id);
    expect(payments.map((payment) => payment.status)).toEqual(['failed']);
    expect(await orderStatus(ctx.db, order.id)).toBe('ready_checkout');
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM order_events WHERE order_id = ${order.id} AND reason = 'payment_failed'`,
    );
    expect(rows[0]!.n).toBe(1);
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 2, sold: 0 });
  });
});
