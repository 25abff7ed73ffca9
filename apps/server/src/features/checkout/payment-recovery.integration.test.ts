import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import { productWithSlot } from '../../../test/order-support.ts';
import {
  orderStatus,
  paymentsOf,
  payWithCard,
  readyOrder,
  stockOf,
  type Slot,
} from '../../../test/checkout-support.ts';
import { answerCashier, checkoutRedirect, offerWallets } from '../../../test/gmo-redirect-support.ts';
import { reconcilePendingAttempts } from '../../domain/checkout/reconcile-payments.ts';
import { answerJoinedAttempt } from '../../domain/checkout/join-attempt.ts';
import { INSTANCE_LOCK_SPACE, takeInstanceLock } from '../../jobs/instance-lock.ts';
import { stuckPayments } from '../../domain/payments/stuck-payments.ts';
import {
  DEAD_INSTANCE,
  captures as capturesIn,
  crashedCheckout as crashedCheckoutIn,
  intervalPasses as intervalPassesIn,
  recoveryEvents as recoveryEventsIn,
  type CrashPoint,
} from '../../../test/crashed-checkout-support.ts';

/**
 * Crash recovery for payments in one process (issue 24, ADR 047): attempts left `created` by a process
 * that died (its instance lock gone), stuck attempts, and the instance lock itself. The same with real
 * processes killed between gateway calls: test/payment-crashes.integration.test.ts.
 */
const ctx = setupTestApp({ RECONCILE_INTERVAL_MS: '1000', PAYMENT_STUCK_AFTER_HOURS: '24' });
beforeAll(() => offerWallets(ctx.db));

/** A live process in another place: a session of the test holds its lock. */
const LIVE_INSTANCE = 8;
let liveProcess: pg.Client;
beforeAll(async () => {
  liveProcess = new pg.Client({ connectionString: ctx.env.DATABASE_URL });
  await liveProcess.connect();
  await liveProcess.query('SELECT pg_advisory_lock($1, $2)', [INSTANCE_LOCK_SPACE, LIVE_INSTANCE]);
});
afterAll(() => liveProcess?.end());

const crashedCheckout = (slot: Slot, crashPoint: CrashPoint, instanceId: number | null = DEAD_INSTANCE) =>
  crashedCheckoutIn(ctx, slot, crashPoint, instanceId);
const intervalPasses = (paymentId: number) => intervalPassesIn(ctx.db, paymentId);
const recoveryEvents = (paymentId: number) => recoveryEventsIn(ctx.db, paymentId);
const captures = (idempotencyKey: string) => capturesIn(ctx.db, idempotencyKey);

describe('an attempt whose process died before it stored the gateway answer', () => {
  it('between EntryTran and ExecTran: seen once, then declined one interval later; the visitor pays again', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const { order, attempt } = await crashedCheckout(slot, 'after:EntryTran');

    await reconcilePendingAttempts(ctx.app.checkoutDeps);
    // First sighting only: a live process whose lock connection was cut would take it back meanwhile.
    expect((await paymentsOf(ctx.db, order.id))[0]!.status).toBe('created');

    await intervalPasses(attempt.id);
    await reconcilePendingAttempts(ctx.app.checkoutDeps);
    const [payment] = await paymentsOf(ctx.db, order.id);
    expect(payment).toMatchObject({ status: 'failed', failure_code: 'recovered_failed' });
    expect(await orderStatus(ctx.db, order.id)).toBe('ready_checkout');
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 2, sold: 0 });
    expect(await recoveryEvents(attempt.id)).toEqual([
      expect.objectContaining({ call: 'recovery', result: { status: 'failed' } }),
    ]);

    const paid = await payWithCard(ctx.app, order.token);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 2 });
    expect(await captures(attempt.idempotencyKey)).toBe(0);
  });

  it('before EntryTran: the gateway never heard of it, declined', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const { order, attempt } = await crashedCheckout(slot, 'before:EntryTran');
    await reconcilePendingAttempts(ctx.app.checkoutDeps);
    await intervalPasses(attempt.id);
    await reconcilePendingAttempts(ctx.app.checkoutDeps);
    expect((await paymentsOf(ctx.db, order.id))[0]).toMatchObject({
      status: 'failed',
      failure_code: 'recovered_not_found',
    });
    expect(await orderStatus(ctx.db, order.id)).toBe('ready_checkout');
  });

  it('after ExecTran: the charge is found and the order reserved, once', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const { order, attempt } = await crashedCheckout(slot, 'after:ExecTran');
    await reconcilePendingAttempts(ctx.app.checkoutDeps);
    await intervalPasses(attempt.id);
    await Promise.all([
      reconcilePendingAttempts(ctx.app.checkoutDeps),
      reconcilePendingAttempts(ctx.app.checkoutDeps),
    ]);
    expect((await paymentsOf(ctx.db, order.id)).map((payment) => payment.status)).toEqual(['confirmed']);
    expect(await orderStatus(ctx.db, order.id)).toBe('reserved');
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 2 });
    expect(await captures(attempt.idempotencyKey)).toBe(1);
  });

  it('leaves the attempt of a live process alone, however long it has been seen', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const { order, attempt } = await crashedCheckout(slot, 'after:EntryTran', LIVE_INSTANCE);
    await reconcilePendingAttempts(ctx.app.checkoutDeps);
    await intervalPasses(attempt.id);
    await reconcilePendingAttempts(ctx.app.checkoutDeps);
    expect((await paymentsOf(ctx.db, order.id))[0]!.status).toBe('created');
    const { rows } = await ctx.db.execute<{ orphaned_at: string | null }>(
      sql`SELECT orphaned_at FROM payments WHERE id = ${attempt.id}`,
    );
    expect(rows[0]!.orphaned_at).toBeNull();
  });

  it('without an instance id (started before 0690), still created past the reconcile delay: declined', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const { order, attempt } = await crashedCheckout(slot, 'after:EntryTran', null);
    await reconcilePendingAttempts(ctx.app.checkoutDeps);
    expect((await paymentsOf(ctx.db, order.id))[0]!.status).toBe('created');
    await ctx.db.execute(sql`
      UPDATE payments SET created_at = now() - make_interval(mins => ${ctx.env.RECONCILE_AFTER_MINUTES + 1})
      WHERE id = ${attempt.id}`);
    await reconcilePendingAttempts(ctx.app.checkoutDeps);
    expect((await paymentsOf(ctx.db, order.id))[0]).toMatchObject({
      status: 'failed',
      failure_code: 'reconciled_failed',
    });
    expect(await orderStatus(ctx.db, order.id)).toBe('ready_checkout');
  });

  it('a retried checkout asks the gateway itself and answers the reservation when the card was charged', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const { order, attempt } = await crashedCheckout(slot, 'after:ExecTran');
    const answer = await answerJoinedAttempt(ctx.app.checkoutDeps, attempt.id, 60_000);
    expect(answer).toMatchObject({ status: 'reserved' });
    expect(await recoveryEvents(attempt.id)).toEqual([
      expect.objectContaining({ call: 'checkout_retry', result: { status: 'confirmed' } }),
    ]);
    expect(await orderStatus(ctx.db, order.id)).toBe('reserved');
  });

  it('a retried checkout answers the ordinary decline when the card was never charged', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const { order, attempt } = await crashedCheckout(slot, 'after:EntryTran');
    await expect(answerJoinedAttempt(ctx.app.checkoutDeps, attempt.id, 60_000)).rejects.toMatchObject({
      code: 'payment_api_failure',
    });
    expect(await orderStatus(ctx.db, order.id)).toBe('ready_checkout');
  });
});

describe('attempts the gateway keeps calling pending', () => {
  it('are no longer asked about after PAYMENT_STUCK_AFTER_HOURS, flagged and listed for staff', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    const redirect = await checkoutRedirect(ctx.app, order.token, { payment_method_type: 'gmo_paypay' });
    // The visitor waits at the cashier; a day passes.
    await ctx.db.execute(sql`
      UPDATE payments SET created_at = now() - interval '23 hours' WHERE order_id = ${order.id}`);
    await reconcilePendingAttempts(ctx.app.checkoutDeps);
    expect(await stuckPayments(ctx.db)).not.toContainEqual(
      expect.objectContaining({ paymentNumber: redirect.payment_number }),
    );

    await ctx.db.execute(sql`
      UPDATE payments SET created_at = now() - interval '25 hours', reconciled_at = NULL
      WHERE order_id = ${order.id}`);
    await reconcilePendingAttempts(ctx.app.checkoutDeps);
    const { rows } = await ctx.db.execute<{
      stuck: boolean;
      reason: string | null;
      asked: string | null;
    }>(sql`
      SELECT p.stuck_at IS NOT NULL AS stuck, o.staff_attention_reason AS reason, p.reconciled_at AS asked
      FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.order_id = ${order.id}`);
    expect(rows[0]).toMatchObject({ stuck: true, reason: 'payment_unresolved', asked: null });
    expect(await stuckPayments(ctx.db)).toContainEqual(
      expect.objectContaining({
        site: 'DEMO',
        paymentNumber: redirect.payment_number,
        method: 'gmo_paypay',
        amount: (await paymentsOf(ctx.db, order.id))[0]!.amount,
        lastAnswer: expect.stringContaining('reconciliation {"status":"pending"}'),
      }),
    );

    // Never asked again, even once the cashier is answered (staff settle it with the gateway's console).
    await answerCashier(ctx.app, redirect.redirect_url, 'approve_lost_all');
    await ctx.db.execute(sql`UPDATE payments SET reconciled_at = NULL WHERE order_id = ${order.id}`);
    await reconcilePendingAttempts(ctx.app.checkoutDeps);
    expect((await paymentsOf(ctx.db, order.id))[0]!.status).toBe('pending');
  });
});

describe('the instance lock', () => {
  it('is taken back at once when its connection is cut, so the process looks dead only for a moment', async () => {
    const lock = await takeInstanceLock(ctx.db.$client, { warn: () => undefined });
    const holder = async () => {
      const { rows } = await ctx.db.execute<{ pid: number }>(sql`
        SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 2
          AND classid = ${INSTANCE_LOCK_SPACE}::oid AND objid = ${lock.id}::oid`);
      return rows[0]?.pid;
    };
    try {
      const first = await holder();
      expect(first).toBeDefined();
      await ctx.db.execute(sql`SELECT pg_terminate_backend(${first})`);
      let again: number | undefined;
      // PostgreSQL shows the new lock granted a moment before the process has read its answer: wait for both.
      for (let i = 0; i < 100 && !(again && again !== first && lock.held()); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        again = await holder();
      }
      expect(again).toBeDefined();
      expect(again).not.toBe(first);
      expect(lock.held()).toBe(true);
    } finally {
      await lock.stop();
    }
    expect(await holder()).toBeUndefined();
  });
});
