import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { CARDS, DEMO_SHOP_ID, cardToken, readyOrder, type Slot } from './checkout-support.ts';
import { orderById, transitionOrders } from '../src/domain/orders/order-state.ts';
import { insertAttempt } from '../src/domain/payments/payment-attempts.ts';
import { createGmoSimulator } from '@kippu/gateway-simulator';

/** Test support for crash recovery (ADR 047): what a checkout leaves when its process stops mid-way. */

/** A process that is gone: an instance id whose lock nobody holds. */
export const DEAD_INSTANCE = 7;

export type CrashPoint = 'before:EntryTran' | 'after:EntryTran' | 'after:ExecTran';

/**
 * What a process left when it died at `crashPoint` of a card checkout: the order paying, the attempt
 * `created` with its instance id, and the gateway's trade as far as the calls got (with the entry's
 * access pair, so a test can send the ExecTran late).
 */
export async function crashedCheckout(
  ctx: { app: App; db: Db },
  slot: Slot,
  crashPoint: CrashPoint,
  instanceId: number | null = DEAD_INSTANCE,
) {
  const simulator = createGmoSimulator(ctx.db);
  const order = await readyOrder(ctx.app, ctx.db, slot, 2);
  const token = await cardToken(ctx.app, CARDS.visa);
  const attempt = await ctx.db.transaction(async (tx) => {
    await transitionOrders(tx, { orders: orderById(order.id), to: 'paying', reason: 'checkout' });
    return insertAttempt(tx, {
      orderId: order.id,
      siteCode: 'DEMO',
      method: 'gmo',
      amount: 2000,
      currency: 'JPY',
      instanceId,
    });
  });
  let entry: { AccessID: string; AccessPass: string } | undefined;
  if (crashPoint !== 'before:EntryTran') {
    const entered = await simulator.call('EntryTran', {
      ShopID: DEMO_SHOP_ID,
      ShopPass: 'simulated',
      OrderID: attempt.idempotencyKey,
      JobCd: 'CAPTURE',
      Amount: '2000',
    });
    entry = { AccessID: entered.AccessID!, AccessPass: entered.AccessPass! };
  }
  /** The ExecTran of the entry, sent now (as the gateway would process one sent before the crash). */
  const execute = async () => {
    const exec = await simulator.call('ExecTran', {
      ...entry!,
      OrderID: attempt.idempotencyKey,
      Method: '1',
      Token: token,
    });
    expect(exec.ErrCode).toBeUndefined();
  };
  if (crashPoint === 'after:ExecTran') await execute();
  return { order, attempt, execute };
}

/** One interval passes after the first sighting (orphaned_at), as the next reconciliation round would see it. */
export const intervalPasses = (db: Db, paymentId: number) =>
  db.execute(
    sql`UPDATE payments SET orphaned_at = orphaned_at - interval '2 seconds' WHERE id = ${paymentId}`,
  );

/** What the gateway was asked about an attempt, reconciliation's ordinary rounds left out. */
export async function recoveryEvents(db: Db, paymentId: number) {
  const { rows } = await db.execute<{ events: { call: string; result: { status?: string } }[] }>(
    sql`SELECT provider_events AS events FROM payments WHERE id = ${paymentId}`,
  );
  return rows[0]!.events.filter((event) => event.call !== 'reconciliation');
}

/** Captures the simulated gateway holds for an attempt's order id. */
export async function captures(db: Db, idempotencyKey: string) {
  const { rows } = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM gateway_sim.gmo_transactions
    WHERE order_id = ${idempotencyKey} AND status IN ('CAPTURE', 'AUTH', 'SALES')`);
  return rows[0]!.n;
}
