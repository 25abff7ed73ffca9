import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import { productWithSlot } from '../../../test/order-support.ts';
import { attemptAnswer } from '../../domain/checkout/attempt-answer.ts';
import { settleAttempt, type SettleDeps } from '../../domain/checkout/settle-attempt.ts';
import { orderById, transitionOrders } from '../../domain/orders/order-state.ts';
import { createGmoCardProvider } from './gmo-card-provider.ts';
import { gmoShopDirectory } from './gmo-shops.ts';
import type { GmoTransport } from './gmo-protocol.ts';
import { insertAttempt } from '../../domain/payments/payment-attempts.ts';
import { createGmoSimulator, simulatorGmoTransport } from '@kippu/gateway-simulator';
import { releaseHolds } from '../../domain/order-release/release-holds.ts';
import { AppError } from '../../shared/app-error.ts';
import { CARDS, cardToken, paymentsOf, readyOrder, stockOf } from '../../../test/checkout-support.ts';

const ctx = setupTestApp();

/**
 * A payment that lands after the order expired (the sweeper gave up on it after the grace period): the
 * money is given back through the gateway and recorded; if the gateway refuses the refund, the visitor is
 * told `critical refund error` and the payment is flagged for staff.
 */
describe('a payment confirmed after its order expired', () => {
  const errors: object[] = [];
  const deps = (): SettleDeps => ({
    db: ctx.db,
    env: ctx.env,
    log: { error: (details) => errors.push(details) },
    orderPaid: ctx.app.checkoutDeps.orderPaid,
  });

  /** A GMO provider on the simulator; `alter` may replace the AlterTran (refund) answer. */
  function provider(alter?: GmoTransport) {
    const simulator = simulatorGmoTransport(createGmoSimulator(ctx.db));
    const transport: GmoTransport = (api, params) =>
      api === 'AlterTran' && alter ? alter(api, params) : simulator(api, params);
    return createGmoCardProvider({
      transport,
      refundCalls: ctx.db,
      shopOf: gmoShopDirectory(ctx.db, true),
      threeDSecure: false,
      tokenScriptUrl: '/simulator/gmo/ext/js/token.js',
      testMode: true,
    });
  }

  /** Charges an order at the gateway, then lets the sweeper's move happen before the outcome is recorded. */
  async function chargeThenExpire(gmo: ReturnType<typeof provider>) {
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 2);
    const attempt = await ctx.db.transaction(async (tx) => {
      await transitionOrders(tx, { orders: orderById(order.id), to: 'paying', reason: 'checkout' });
      return insertAttempt(tx, {
        orderId: order.id,
        siteCode: 'DEMO',
        method: 'gmo',
        amount: 6000,
        currency: 'JPY',
      });
    });
    const outcome = await gmo.start(attempt, { token: await cardToken(ctx.app, CARDS.visa) });
    expect(outcome.kind).toBe('done');
    await ctx.db.transaction(async (tx) => {
      const moved = await transitionOrders(tx, {
        orders: orderById(order.id),
        to: 'expired',
        reason: 'hold_expired',
      });
      await releaseHolds(tx, moved);
    });
    return { slot, order, attempt, outcome };
  }

  async function gatewayStatus(idempotencyKey: string): Promise<string> {
    const { rows } = await ctx.db.execute<{ status: string }>(
      sql`SELECT status FROM gateway_sim.gmo_transactions WHERE order_id = ${idempotencyKey}`,
    );
    return rows[0]!.status;
  }

  it('is refunded through the gateway and recorded; the visitor is told the session timed out', async () => {
    const gmo = provider();
    const { slot, order, attempt, outcome } = await chargeThenExpire(gmo);
    await settleAttempt(deps(), gmo, attempt, outcome);

    expect(await gatewayStatus(attempt.idempotencyKey)).toBe('VOID');
    expect(await paymentsOf(ctx.db, order.id)).toMatchObject([
      { status: 'refunded', refund_failed_at: null },
    ]);
    const { rows } = await ctx.db.execute(sql`SELECT 1 FROM reservations WHERE order_id = ${order.id}`);
    expect(rows).toEqual([]);
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 0 });
    const answer = await attemptAnswer(ctx.db, attempt.id);
    expect(answer).toBeInstanceOf(AppError);
    expect((answer as AppError).code).toBe('session_timeout');
  });

  it('a refund the gateway refuses is flagged for staff and answers critical refund error', async () => {
    const gmo = provider(async () => ({ ErrCode: 'E01', ErrInfo: 'E01999999' }));
    const { order, attempt, outcome } = await chargeThenExpire(gmo);
    errors.length = 0;
    await settleAttempt(deps(), gmo, attempt, outcome);

    expect(await gatewayStatus(attempt.idempotencyKey)).toBe('CAPTURE');
    const [payment] = await paymentsOf(ctx.db, order.id);
    expect(payment).toMatchObject({ status: 'confirmed' });
    expect(payment!.refund_failed_at).not.toBeNull();
    expect(errors).toMatchObject([{ paymentId: attempt.id, code: 'E01999999' }]);
    // The order is flagged for staff, with the reason.
    const { rows: flagged } = await ctx.db.execute<{ reason: string; at: string | null }>(
      sql`SELECT staff_attention_reason AS reason, staff_attention_at AS at FROM orders WHERE id = ${order.id}`,
    );
    expect(flagged[0]).toMatchObject({ reason: 'refund_failed:E01999999' });
    expect(flagged[0]!.at).not.toBeNull();
    const answer = await attemptAnswer(ctx.db, attempt.id);
    expect((answer as AppError).code).toBe('critical_refund_error');
  });

  it('the same outcome recorded twice (a return and a notification) is applied once', async () => {
    const gmo = provider();
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    const attempt = await ctx.db.transaction(async (tx) => {
      await transitionOrders(tx, { orders: orderById(order.id), to: 'paying', reason: 'checkout' });
      return insertAttempt(tx, {
        orderId: order.id,
        siteCode: 'DEMO',
        method: 'gmo',
        amount: 3000,
        currency: 'JPY',
      });
    });
    const outcome = await gmo.start(attempt, { token: await cardToken(ctx.app, CARDS.visa) });
    await Promise.all([
      settleAttempt(deps(), gmo, attempt, outcome),
      settleAttempt(deps(), gmo, attempt, outcome),
    ]);
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM reservations WHERE order_id = ${order.id}`,
    );
    expect(rows[0]!.n).toBe(1);
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 1 });
    expect(await paymentsOf(ctx.db, order.id)).toMatchObject([{ status: 'confirmed' }]);
  });
});
