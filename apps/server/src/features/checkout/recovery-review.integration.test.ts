import { sql } from 'drizzle-orm';
import type { CheckoutBody } from '@kippu/contract';
import { describe, expect, it, vi } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import { productWithSlot } from '../../../test/order-support.ts';
import {
  CARDS,
  cardToken,
  orderStatus,
  paymentsOf,
  readyOrder,
  stockOf,
} from '../../../test/checkout-support.ts';
import type { Db } from '../../db/client.ts';
import { markRaisedByDatabase } from '../../db/raised-by-database.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import { checkout, type CheckoutDeps } from '../../domain/checkout/checkout.ts';
import { confirmCheckout } from '../../domain/checkout/confirm-checkout.ts';
import { answerJoinedAttempt } from '../../domain/checkout/join-attempt.ts';
import { reconcilePendingAttempts } from '../../domain/checkout/reconcile-payments.ts';
import { runningAttempts } from '../../domain/checkout/running-attempts.ts';
import { claimAbandoned, markChargeSent } from '../../domain/payments/payment-attempts.ts';
import {
  captures,
  crashedCheckout,
  intervalPasses,
  recoveryEvents,
} from '../../../test/crashed-checkout-support.ts';

/**
 * Crash recovery after review (ADR 047): orphans the gateway keeps calling pending are not asked every
 * round; a charge whose outcome could not be stored is retried in the process and a repeated checkout
 * answers it; an entry whose ExecTran was marked as sent is not read as never executed too soon, and a
 * decline made on that reading is asked about once more.
 */
// RECONCILE_AGAIN_MINUTES well above the ExecTran window (2 x 60 s): an ask at the window's end is its own rule.
const ctx = setupTestApp({ RECONCILE_INTERVAL_MS: '1000', RECONCILE_AGAIN_MINUTES: '10' });
const deps = () => ctx.app.checkoutDeps;
/** Twice GATEWAY_TIMEOUT_MS (the test environment's default), in seconds plus a margin. */
const pastWindow = () => sql`make_interval(secs => ${(2 * ctx.env.GATEWAY_TIMEOUT_MS) / 1000 + 5})`;

const events = async (paymentId: number, call: string) =>
  (await recoveryEvents(ctx.db, paymentId)).filter((event) => event.call === call);

describe('an orphan the gateway still calls pending (finding 1)', () => {
  it('is asked once per RECONCILE_AGAIN_MINUTES, not every round, and never counts as a settled batch', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const { attempt } = await crashedCheckout(ctx, slot, 'after:EntryTran');
    // Its ExecTran was marked as sent a moment ago: the gateway's UNPROCESSED stays "pending" for now.
    await markChargeSent(ctx.db, attempt.id);
    await reconcilePendingAttempts(deps());
    await intervalPasses(ctx.db, attempt.id);

    const first = await reconcilePendingAttempts(deps());
    expect(first.asked).toBeGreaterThanOrEqual(1);
    expect(first.settled).toBe(0);
    expect(await events(attempt.id, 'recovery')).toEqual([
      expect.objectContaining({ result: { status: 'pending' } }),
    ]);
    for (let round = 0; round < 3; round++) await reconcilePendingAttempts(deps());
    expect(await events(attempt.id, 'recovery')).toHaveLength(1);

    // RECONCILE_AGAIN_MINUTES later it is asked again, once.
    await ctx.db.execute(sql`
      UPDATE payments SET reconciled_at = now() - make_interval(secs => ${ctx.env.RECONCILE_AGAIN_MINUTES * 60 + 1})
      WHERE id = ${attempt.id}`);
    await reconcilePendingAttempts(deps());
    await reconcilePendingAttempts(deps());
    expect(await events(attempt.id, 'recovery')).toHaveLength(2);
    expect((await paymentsOf(ctx.db, attempt.orderId))[0]!.status).toBe('created');
  });
});

describe('the database fails as the charge is about to be marked as sent', () => {
  it('sends no ExecTran, declines the attempt, and answers the database fault (503), not a refused payment', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 2);
    const cut = markRaisedByDatabase(new Error('Connection terminated unexpectedly'));
    const faulty: CheckoutDeps = {
      ...deps(),
      db: new Proxy(ctx.db, {
        get(target, property, receiver) {
          if (property !== 'execute') return Reflect.get(target, property, receiver);
          return (query: Parameters<Db['execute']>[0]) =>
            JSON.stringify(query).includes('exec_sent_at = now()')
              ? Promise.reject(cut)
              : target.execute(query);
        },
      }),
    };
    const answer = await checkout(faulty, 'DEMO', order.token, await cardBody()).catch(
      (error: unknown) => error,
    );
    expect(answer).toBe(cut);
    expect(isDatabaseUnavailable(answer)).toBe(true);
    const [attempt] = await paymentsOf(ctx.db, order.id);
    expect(attempt!.status).toBe('failed');
    expect(await orderStatus(ctx.db, order.id)).toBe('ready_checkout');
    const { rows } = await ctx.db.execute<{ key: string }>(
      sql`SELECT idempotency_key AS key FROM payments WHERE id = ${attempt!.id}`,
    );
    expect(await captures(ctx.db, rows[0]!.key)).toBe(0);
  });
});

describe('an attempt seen orphaned while its lock was cut, then moved to pending by its live process', () => {
  it('is asked by the ordinary round once the reconcile delay has passed', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const { attempt } = await crashedCheckout(ctx, slot, 'after:ExecTran');
    await ctx.db.execute(sql`
      UPDATE payments SET status = 'pending', orphaned_at = now(),
        created_at = now() - make_interval(secs => ${ctx.env.RECONCILE_AFTER_MINUTES * 60 + 1})
      WHERE id = ${attempt.id}`);
    await reconcilePendingAttempts(deps());
    expect((await paymentsOf(ctx.db, attempt.orderId))[0]!.status).toBe('confirmed');
    expect(await orderStatus(ctx.db, attempt.orderId)).toBe('reserved');
  });
});

describe('an ExecTran marked as sent (finding 3)', () => {
  it('keeps UNPROCESSED open until twice the gateway time-out has passed, then declines and rechecks', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const { order, attempt } = await crashedCheckout(ctx, slot, 'after:EntryTran');
    await markChargeSent(ctx.db, attempt.id);

    // A retried checkout does not decline it (the ExecTran may still be processing): undecided, no new attempt.
    await expect(answerJoinedAttempt(deps(), attempt.id, 60_000)).rejects.toMatchObject({
      code: 'payment_api_failure',
    });
    await reconcilePendingAttempts(deps());
    await intervalPasses(ctx.db, attempt.id);
    await reconcilePendingAttempts(deps());
    expect(await orderStatus(ctx.db, order.id)).toBe('paying');
    expect((await paymentsOf(ctx.db, order.id))[0]!.status).toBe('created');

    // The window passes (every stamp moves back by it, still inside RECONCILE_AGAIN_MINUTES): the next round
    // asks at once and reads UNPROCESSED as never executed.
    await ctx.db.execute(sql`
      UPDATE payments SET exec_sent_at = exec_sent_at - ${pastWindow()}, reconciled_at = reconciled_at - ${pastWindow()},
                          orphaned_at = orphaned_at - ${pastWindow()}
      WHERE id = ${attempt.id}`);
    await reconcilePendingAttempts(deps());
    expect((await paymentsOf(ctx.db, order.id))[0]).toMatchObject({
      status: 'failed',
      failure_code: 'recovered_failed',
    });
    expect(await orderStatus(ctx.db, order.id)).toBe('ready_checkout');
    const { rows } = await ctx.db.execute<{ due: boolean }>(sql`
      SELECT recheck_at > now() + make_interval(secs => ${ctx.env.GATEWAY_TIMEOUT_MS / 1000}) AS due
      FROM payments WHERE id = ${attempt.id}`);
    expect(rows[0]!.due).toBe(true);
  });

  it('without the mark an abandoned entry is declined at once, and its mark can no longer be written', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const { order, attempt } = await crashedCheckout(ctx, slot, 'after:EntryTran');
    await expect(answerJoinedAttempt(deps(), attempt.id, 60_000)).rejects.toMatchObject({
      code: 'payment_api_failure',
    });
    expect((await paymentsOf(ctx.db, order.id))[0]!.status).toBe('failed');
    expect(await markChargeSent(ctx.db, attempt.id)).toBe(false);
  });

  it('the mark and an abandonment fence each other: whichever comes first wins', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const first = await crashedCheckout(ctx, slot, 'after:EntryTran');
    expect(await claimAbandoned(ctx.db, first.attempt.id, 120_000)).toBe(true);
    expect(await markChargeSent(ctx.db, first.attempt.id)).toBe(false);
    const second = await crashedCheckout(ctx, slot, 'after:EntryTran');
    expect(await markChargeSent(ctx.db, second.attempt.id)).toBe(true);
    expect(await claimAbandoned(ctx.db, second.attempt.id, 120_000)).toBe(false);
  });

  it('a capture that came through after the decline is found by the recheck and flagged for staff', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const { order, attempt, execute } = await crashedCheckout(ctx, slot, 'after:EntryTran');
    await reconcilePendingAttempts(deps());
    await intervalPasses(ctx.db, attempt.id);
    await reconcilePendingAttempts(deps());
    expect((await paymentsOf(ctx.db, order.id))[0]!.status).toBe('failed');

    // The gateway executes it late after all; the recheck is due.
    await execute();
    await ctx.db.execute(
      sql`UPDATE payments SET recheck_at = now() - interval '1 second' WHERE id = ${attempt.id}`,
    );
    await reconcilePendingAttempts(deps());
    const { rows } = await ctx.db.execute<{ reason: string | null; recheck: string | null }>(sql`
      SELECT o.staff_attention_reason AS reason, p.recheck_at AS recheck
      FROM orders o JOIN payments p ON p.order_id = o.id WHERE p.id = ${attempt.id}`);
    expect(rows[0]).toEqual({ reason: 'charged_after_decline', recheck: null });
    expect(await events(attempt.id, 'recheck')).toEqual([
      expect.objectContaining({ result: { status: 'confirmed' } }),
    ]);
    expect(await captures(ctx.db, attempt.idempotencyKey)).toBe(1);
  });
});

/** The app's database, whose transactions number `failing` (1-based) throw as a cut connection would. */
function faultyDb(db: Db, failing: (call: number) => boolean): Db {
  let calls = 0;
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver);
      return (...args: Parameters<Db['transaction']>) => {
        calls += 1;
        if (failing(calls)) return Promise.reject(new Error('Connection terminated unexpectedly'));
        return target.transaction(...args);
      };
    },
  });
}

async function cardBody(): Promise<CheckoutBody> {
  return {
    payment_method_type: 'gmo',
    token: await cardToken(ctx.app, CARDS.visa),
    masked_card_number: '411111******1111',
  } as CheckoutBody;
}

describe('the card is charged and storing the outcome fails (finding 2)', () => {
  it('the outcome held in memory is stored again after a short database fault: reserved', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 2);
    // Transaction 1 begins the attempt; 2 and 3 (storing the charge) fail.
    const faulty: CheckoutDeps = { ...deps(), db: faultyDb(ctx.db, (call) => call === 2 || call === 3) };
    const answer = await checkout(faulty, 'DEMO', order.token, await cardBody());
    expect(answer).toMatchObject({ status: 'reserved' });
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 2 });
  });

  it('past the retries, storing goes on in the background: a repeated checkout waiting for it answers reserved', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 2);
    // Transaction 1 begins the attempt; the six tries of the visitor's request (2 to 7) fail; the database
    // is back for the background's first try.
    const faulty: CheckoutDeps = { ...deps(), db: faultyDb(ctx.db, (call) => call >= 2 && call <= 7) };
    await expect(checkout(faulty, 'DEMO', order.token, await cardBody())).rejects.toThrow(/terminated/);
    const [attempt] = await paymentsOf(ctx.db, order.id);
    expect(attempt!.status).toBe('created');
    expect(runningAttempts.has(attempt!.id)).toBe(true);

    const retried = await checkout(
      { ...deps(), waitForAttemptMs: 20_000 },
      'DEMO',
      order.token,
      await cardBody(),
    );
    expect(retried).toMatchObject({ status: 'reserved' });
    expect(await events(attempt!.id, 'checkout_retry')).toEqual([]);
    expect(runningAttempts.has(attempt!.id)).toBe(false);
    const { rows } = await ctx.db.execute<{ key: string }>(
      sql`SELECT idempotency_key AS key FROM payments WHERE id = ${attempt!.id}`,
    );
    expect(await captures(ctx.db, rows[0]!.key)).toBe(1);
  }, 40_000);

  it('once the background gives up, a repeated checkout on the same process asks the gateway at once: reserved, charged once', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 2);
    const faulty: CheckoutDeps = {
      ...deps(),
      db: faultyDb(ctx.db, (call) => call >= 2),
      // The background gives up at its first failed try.
      reconcile: { ...deps().reconcile, afterMinutes: 0 },
    };
    await expect(checkout(faulty, 'DEMO', order.token, await cardBody())).rejects.toThrow(/terminated/);
    const [attempt] = await paymentsOf(ctx.db, order.id);
    expect(attempt!.status).toBe('created');
    await vi.waitFor(() => expect(runningAttempts.has(attempt!.id)).toBe(false), { timeout: 15_000 });

    // The process lives (its lock is held), but its call is over: no reason to wait for it.
    const retried = await checkout(
      { ...deps(), waitForAttemptMs: 3_000 },
      'DEMO',
      order.token,
      await cardBody(),
    );
    expect(retried).toMatchObject({ status: 'reserved' });
    const [payment] = await paymentsOf(ctx.db, order.id);
    expect(payment!.status).toBe('confirmed');
    expect(await events(payment!.id, 'checkout_retry')).toEqual([
      expect.objectContaining({ result: { status: 'confirmed' } }),
    ]);
    const { rows } = await ctx.db.execute<{ key: string }>(
      sql`SELECT idempotency_key AS key FROM payments WHERE id = ${payment!.id}`,
    );
    expect(await captures(ctx.db, rows[0]!.key)).toBe(1);
  }, 40_000);
});

describe('a gateway return retried after a crash (finding 7)', () => {
  it('confirmcheckout on an attempt its dead process left created asks the gateway instead of waiting', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const { attempt } = await crashedCheckout(ctx, slot, 'after:ExecTran');
    const answer = await confirmCheckout({ ...deps(), waitForAttemptMs: 15_000 }, 'DEMO', {
      locator: { paymentNumber: attempt.paymentNumber },
      callback: {},
    });
    expect(answer).toMatchObject({ status: 'reserved' });
    expect(await events(attempt.id, 'checkout_retry')).toEqual([
      expect.objectContaining({ result: { status: 'confirmed' } }),
    ]);
  }, 30_000);
});
