import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createGmoSimulator, simulatorGmoTransport } from '@kippu/gateway-simulator';
import { settleAttempt, type SettleDeps } from '../src/domain/checkout/settle-attempt.ts';
import { releaseHolds } from '../src/domain/order-release/release-holds.ts';
import { orderById, transitionOrders } from '../src/domain/orders/order-state.ts';
import { insertAttempt } from '../src/domain/payments/payment-attempts.ts';
import { createGmoCardProvider } from '../src/payments/gmo/gmo-card-provider.ts';
import type { GmoTransport } from '../src/payments/gmo/gmo-protocol.ts';
import { gmoShopDirectory } from '../src/payments/gmo/gmo-shops.ts';
import { CARDS, cardToken, readyOrder } from './checkout-support.ts';
import { setupTestApp } from './helper.ts';
import { productWithSlot } from './order-support.ts';

/**
 * The critical refund (issue 27, ADR 065): a payment that lands after its order expired is given back by
 * settleAttempt; the audit log holds the payment's confirmation and its refund, or the failed refund.
 */
const ctx = setupTestApp();

const deps = (): SettleDeps => ({
  db: ctx.db,
  env: ctx.env,
  log: { error: () => undefined },
  orderPaid: ctx.app.checkoutDeps.orderPaid,
});

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

async function lateCharge(gmo: ReturnType<typeof provider>) {
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
  await ctx.db.transaction(async (tx) =>
    releaseHolds(
      tx,
      await transitionOrders(tx, { orders: orderById(order.id), to: 'expired', reason: 'hold_expired' }),
    ),
  );
  await settleAttempt(deps(), gmo, attempt, outcome);
  const { rows } = await ctx.db.execute<{ action: string; actor_kind: string; status: unknown }>(sql`
    SELECT action, actor_kind, after->'status' AS status FROM audit_events
    WHERE object_type = 'payment' AND object_id = ${String(attempt.id)} ORDER BY id`);
  const { rows: paid } = await ctx.db.execute(
    sql`SELECT 1 FROM audit_events WHERE object_type = 'order' AND object_id = ${String(order.id)}`,
  );
  return { payment: rows, orderEvents: paid.length };
}

describe('a payment whose order expired', () => {
  it('is audited as confirmed, then refunded; the order is never audited as paid', async () => {
    expect(await lateCharge(provider())).toEqual({
      payment: [
        { action: 'payment_confirmed', actor_kind: 'system', status: 'confirmed' },
        { action: 'payment_refunded', actor_kind: 'system', status: 'refunded' },
      ],
      orderEvents: 0,
    });
  });

  it('a refund the gateway refuses is audited as a failed refund', async () => {
    const refused = provider(async () => ({ ErrCode: 'E01', ErrInfo: 'E01999999' }));
    expect(await lateCharge(refused)).toEqual({
      payment: [
        { action: 'payment_confirmed', actor_kind: 'system', status: 'confirmed' },
        { action: 'payment_refund_failed', actor_kind: 'system', status: 'confirmed' },
      ],
      orderEvents: 0,
    });
  });
});
