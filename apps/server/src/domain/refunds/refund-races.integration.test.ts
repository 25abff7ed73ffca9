import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import { GatewayUnavailableError, type PaymentProvider } from '../payments/payment-provider.ts';
import type { PaymentRegistry } from '../payments/payment-registry.ts';
import { cancelTickets } from './cancel-tickets.ts';
import { cancelInput, paidOrder } from './refund-test-support.ts';
import type { RefundDeps } from './refund-types.ts';
import { retryRequestedRefunds, settleRefund } from './settle-refund.ts';

/** The real providers, with the refund calls counted and the first `timeOuts` answered by a time-out. */
function countingDeps(payments: PaymentRegistry, env: RefundDeps['env'], timeOuts = 0, gate?: Promise<void>) {
  const calls: { amount: number; refundKey: string }[] = [];
  const wrap = (provider: PaymentProvider): PaymentProvider => ({
    ...provider,
    publicFields: (site) => provider.publicFields(site),
    start: (attempt, input) => provider.start(attempt, input),
    complete: (attempt, callback) => provider.complete(attempt, callback),
    status: (attempt) => provider.status(attempt),
    refund: async (attempt, request) => {
      calls.push(request);
      // A call still in flight at the gateway while the test starts another settle.
      if (gate) await gate;
      const answer = await provider.refund(attempt, request);
      // The gateway did it, but its answer never arrived.
      if (calls.length <= timeOuts) throw new GatewayUnavailableError('time-out');
      return answer;
    },
  });
  const deps: RefundDeps = {
    env,
    payments: {
      ...payments,
      providerFor: (method) => {
        const provider = payments.providerFor(method);
        return provider && wrap(provider);
      },
    },
  };
  return { deps, calls };
}

describe('refund races and lost answers', () => {
  const ctx = setupTestApp();

  /** The simulator's card trade of the order (GMO's order id is the payment's key): status and amount left. */
  async function tradeOf(orderId: number) {
    const { rows } = await ctx.db.execute<{ status: string; amount: string }>(sql`
      SELECT t.status, t.amount FROM gateway_sim.gmo_transactions t
      JOIN payments p ON p.idempotency_key = t.order_id WHERE p.order_id = ${orderId}`);
    expect(rows).toHaveLength(1);
    return { status: rows[0]!.status, amount: Number(rows[0]!.amount) };
  }

  it('20 concurrent identical requests make one refund and ask the gateway once', async () => {
    const order = await paidOrder(ctx.app, ctx.db, { quantity: 2 });
    const { deps, calls } = countingDeps(ctx.app.payments, ctx.env);
    const input = cancelInput(order.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => cancelTickets(ctx.db, deps, input)));
    expect(new Set(answers.map((answer) => answer.refundId)).size).toBe(1);
    expect(answers.every((answer) => answer.amount === 2000)).toBe(true);
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM refunds WHERE order_id = ${order.id}`,
    );
    expect(rows[0]!.n).toBe(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.amount).toBe(2000);
    expect(calls[0]!.refundKey).toMatch(new RegExp(`^refund-${answers[0]!.refundId}-\\d+$`));
    // The gateway's own books: the whole ¥2,000 voided once, never refunded a second time.
    expect(await tradeOf(order.id)).toEqual({ status: 'VOID', amount: 2000 });
    // A retry later answers the settled refund, and asks nobody.
    expect(await cancelTickets(ctx.db, deps, input)).toMatchObject({
      refundId: answers[0]!.refundId,
      status: 'succeeded',
    });
    expect(calls).toHaveLength(1);
  });

  it('a gateway time-out leaves the refund requested; the job asks again with the same key and it settles', async () => {
    const order = await paidOrder(ctx.app, ctx.db, { quantity: 1 });
    const { deps, calls } = countingDeps(ctx.app.payments, ctx.env, 1);
    const first = await cancelTickets(ctx.db, deps, cancelInput(order.id));
    expect(first.status).toBe('requested');
    expect(calls).toHaveLength(1);
    // The tickets are void already: the refund is decided, only its money's answer is unknown.
    const { rows: tickets } = await ctx.db.execute<{ status: string }>(sql`
      SELECT tk.status FROM tickets tk JOIN reservations r ON r.id = tk.reservation_id WHERE r.order_id = ${order.id}`);
    expect(tickets.map((ticket) => ticket.status)).toEqual(['void']);
    // The lost call may still be running at the gateway: its part stays claimed (3 × GATEWAY_TIMEOUT_MS),
    // so the job does not ask again yet, even when the refund itself is old enough.
    expect(await retryRequestedRefunds(ctx.db, deps, { olderThanSeconds: 0 })).toBe(0);
    expect(calls).toHaveLength(1);
    const { rows: claims } = await ctx.db.execute<{ seconds: number }>(sql`
      SELECT extract(epoch FROM claimed_until - now())::int AS seconds FROM refund_payments
      WHERE refund_id = ${first.refundId}`);
    expect(claims[0]!.seconds).toBeGreaterThan((3 * ctx.env.GATEWAY_TIMEOUT_MS) / 1000 - 60);
    // Three time-outs later the claim has expired.
    await ctx.db.execute(sql`
      UPDATE refund_payments SET claimed_until = now() - interval '1 second' WHERE refund_id = ${first.refundId}`);
    expect(await retryRequestedRefunds(ctx.db, deps, { olderThanSeconds: 0 })).toBe(1);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toEqual(calls[0]);
    const { rows } = await ctx.db.execute<{ status: string; attempts: number }>(
      sql`SELECT status, attempts FROM refunds WHERE id = ${first.refundId}`,
    );
    expect(rows[0]).toEqual({ status: 'succeeded', attempts: 2 });
    // Settled: the next round has nothing to ask.
    expect(await retryRequestedRefunds(ctx.db, deps, { olderThanSeconds: 0 })).toBe(0);
    expect(calls).toHaveLength(2);
    expect(await tradeOf(order.id)).toEqual({ status: 'VOID', amount: 1000 });
  });

  it('two settles of one refund while the first call is in flight: the gateway is asked once', async () => {
    const order = await paidOrder(ctx.app, ctx.db, { quantity: 2 });
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { deps, calls } = countingDeps(ctx.app.payments, ctx.env, 0, gate);
    const [ticket] = (
      await ctx.db.execute<{ id: string }>(sql`
      SELECT tk.id FROM tickets tk JOIN reservations r ON r.id = tk.reservation_id
      WHERE r.order_id = ${order.id} ORDER BY tk.sequence LIMIT 1`)
    ).rows;
    const first = cancelTickets(ctx.db, deps, cancelInput(order.id, { ticketIds: [Number(ticket!.id)] }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const { rows } = await ctx.db.execute<{ id: string }>(
      sql`SELECT id FROM refunds WHERE order_id = ${order.id}`,
    );
    const refundId = Number(rows[0]!.id);
    // A second settle and the job, while the first call waits at the gateway: neither asks.
    expect(await settleRefund(ctx.db, deps, refundId)).toBe('requested');
    expect(await retryRequestedRefunds(ctx.db, deps, { olderThanSeconds: 0 })).toBe(0);
    expect(calls).toHaveLength(1);
    release();
    expect(await first).toMatchObject({ refundId, status: 'succeeded', amount: 1000 });
    expect(calls).toHaveLength(1);
    expect(await tradeOf(order.id)).toEqual({ status: 'CAPTURE', amount: 1000 });
  });
});
