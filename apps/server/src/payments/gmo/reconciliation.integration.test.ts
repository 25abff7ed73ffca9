import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import { productWithSlot } from '../../../test/order-support.ts';
import { orderStatus, paymentsOf, readyOrder, stockOf } from '../../../test/checkout-support.ts';
import { answerCashier, checkoutRedirect, offerWallets } from '../../../test/gmo-redirect-support.ts';
import { reconcilePendingAttempts } from '../../domain/checkout/reconcile-payments.ts';
import { DEFAULT_PAYING_GRACE_MINUTES } from '../../config/env.ts';
import { sweepExpiredHolds } from '../../domain/order-expiry/sweep-expired-holds.ts';

const ctx = setupTestApp();
/** The RECONCILE_AFTER_MINUTES setting the app runs with. */
const reconcileAfter = () => ctx.app.checkoutDeps.reconcile.afterMinutes;
beforeAll(() => offerWallets(ctx.db));

async function startPayPay() {
  const slot = await productWithSlot(ctx.db, 10);
  const order = await readyOrder(ctx.app, ctx.db, slot, 1);
  const redirect = await checkoutRedirect(ctx.app, order.token, { payment_method_type: 'gmo_paypay' });
  return { slot, order, redirect };
}

/** Moves an order's attempt (and optionally its hold) into the past, as time passing would. */
async function age(orderId: number, minutes: number, holdRanOutMinutesAgo?: number) {
  await ctx.db.execute(sql`
    UPDATE payments SET created_at = now() - make_interval(mins => ${minutes}) WHERE order_id = ${orderId}`);
  if (holdRanOutMinutesAgo !== undefined) {
    await ctx.db.execute(sql`
      UPDATE orders SET expires_at = now() - make_interval(mins => ${holdRanOutMinutesAgo}) WHERE id = ${orderId}`);
  }
}

const reconciledEvents = async (orderId: number) => {
  const { rows } = await ctx.db.execute<{ events: { call: string; result: { status?: string } }[] }>(sql`
    SELECT provider_events AS events FROM payments WHERE order_id = ${orderId}`);
  return rows[0]!.events
    .filter((event) => event.call === 'reconciliation')
    .map((event) => event.result.status);
};

/** The reconciliation worker (issue 8, ADR 026): a payment whose return and notification were both lost. */
describe('reconciling payments left in flight', () => {
  it('settles an approved payment whose return and notification never came: one charge, reserved', async () => {
    const { slot, order, redirect } = await startPayPay();
    await answerCashier(ctx.app, redirect.redirect_url, 'approve_lost_all');
    expect(await orderStatus(ctx.db, order.id)).toBe('paying');

    // Too young: a checkout of its own may still be waiting for the gateway.
    await reconcilePendingAttempts(ctx.app.checkoutDeps);
    expect(await orderStatus(ctx.db, order.id)).toBe('paying');

    await age(order.id, reconcileAfter() + 1);
    await reconcilePendingAttempts(ctx.app.checkoutDeps);
    expect(await orderStatus(ctx.db, order.id)).toBe('reserved');
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 1 });
    expect((await paymentsOf(ctx.db, order.id)).map((payment) => payment.status)).toEqual(['confirmed']);
    expect(await reconciledEvents(order.id)).toEqual(['confirmed']);

    // Asked again (a second process, the next round): nothing changes.
    await ctx.db.execute(sql`UPDATE payments SET reconciled_at = NULL WHERE order_id = ${order.id}`);
    await reconcilePendingAttempts(ctx.app.checkoutDeps);
    expect((await paymentsOf(ctx.db, order.id)).map((payment) => payment.status)).toEqual(['confirmed']);
  });

  it('a declined payment (reconciled or notified, whichever comes first) frees the order to pay again once', async () => {
    const { order, redirect } = await startPayPay();
    // The visitor declined at the cashier and closed the tab before the return.
    const declined = await answerCashier(ctx.app, redirect.redirect_url, 'decline');
    expect(declined.statusCode).toBe(303);
    await age(order.id, reconcileAfter() + 1);
    await reconcilePendingAttempts(ctx.app.checkoutDeps);
    expect(await orderStatus(ctx.db, order.id)).toBe('ready_checkout');
    expect((await paymentsOf(ctx.db, order.id)).map((payment) => payment.status)).toEqual(['failed']);
  });

  it('keeps a still-pending payment in flight, asks again later, and the sweeper waits for that answer', async () => {
    const { slot, order } = await startPayPay();
    // The visitor is still on the cashier page; the hold ran out past the paying grace.
    await age(order.id, 60, DEFAULT_PAYING_GRACE_MINUTES + 1);

    // Never asked since the hold ran out: the sweeper must not give the stock away yet.
    await sweepExpiredHolds(ctx.db);
    expect(await orderStatus(ctx.db, order.id)).toBe('paying');

    await reconcilePendingAttempts(ctx.app.checkoutDeps);
    expect(await reconciledEvents(order.id)).toEqual(['pending']);
    // Asked once: not again within RECONCILE_AGAIN_MINUTES.
    expect(await reconcilePendingAttempts(ctx.app.checkoutDeps)).toEqual({ asked: 0, settled: 0 });

    // The gateway said pending after the hold ran out: now the sweeper releases it (a later payment is
    // a late payment: kept if stock remains, else refunded).
    await sweepExpiredHolds(ctx.db);
    expect(await orderStatus(ctx.db, order.id)).toBe('expired');
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 0 });
  });

  it('several processes reconciling at once ask about each attempt once', async () => {
    const started = await Promise.all([startPayPay(), startPayPay(), startPayPay()]);
    for (const { order, redirect } of started) {
      await answerCashier(ctx.app, redirect.redirect_url, 'approve_lost_all');
      await age(order.id, reconcileAfter() + 1);
    }
    const other = await ctx.anotherApp();
    await Promise.all([
      reconcilePendingAttempts(ctx.app.checkoutDeps),
      reconcilePendingAttempts(other.checkoutDeps),
      reconcilePendingAttempts(ctx.app.checkoutDeps),
    ]);
    for (const { order } of started) {
      expect(await orderStatus(ctx.db, order.id)).toBe('reserved');
      expect(await reconciledEvents(order.id)).toEqual(['confirmed']);
    }
  });
});
