import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import { GatewayUnavailableError, type PaymentProvider } from '../payments/payment-provider.ts';
import type { PaymentRegistry } from '../payments/payment-registry.ts';
import { cancelTickets } from './cancel-tickets.ts';
import { cancelInput, paidOrder } from './refund-test-support.ts';
import type { RefundDeps } from './refund-types.ts';
import { retryRequestedRefunds } from './settle-refund.ts';

/** The real providers, with the refund calls counted and the first `timeOuts` answered by a time-out. */
function countingDeps(payments: PaymentRegistry, timeOuts = 0) {
  const calls: { amount: number; refundKey: string }[] = [];
  const wrap = (provider: PaymentProvider): PaymentProvider => ({
    ...provider,
    publicFields: (site) => provider.publicFields(site),
    start: (attempt, input) => provider.start(attempt, input),
    complete: (attempt, callback) => provider.complete(attempt, callback),
    status: (attempt) => provider.status(attempt),
    refund: async (attempt, request) => {
      calls.push(request);
      const answer = await provider.refund(attempt, request);
      // The gateway did it, but its answer never arrived.
      if (calls.length <= timeOuts) throw new GatewayUnavailableError('time-out');
      return answer;
    },
  });
  const deps: RefundDeps = {
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

  it('20 concurrent identical requests make one refund and ask the gateway once', async () => {
    const order = await paidOrder(ctx.app, ctx.db, { quantity: 2 });
    const { deps, calls } = countingDeps(ctx.app.payments);
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
    // A retry later answers the settled refund, and asks nobody.
    expect(await cancelTickets(ctx.db, deps, input)).toMatchObject({
      refundId: answers[0]!.refundId,
      status: 'succeeded',
    });
    expect(calls).toHaveLength(1);
  });

  it('a gateway time-out leaves the refund requested; the job asks again with the same key and it settles', async () => {
    const order = await paidOrder(ctx.app, ctx.db, { quantity: 1 });
    const { deps, calls } = countingDeps(ctx.app.payments, 1);
    const first = await cancelTickets(ctx.db, deps, cancelInput(order.id));
    expect(first.status).toBe('requested');
    expect(calls).toHaveLength(1);
    // The tickets are void already: the refund is decided, only its money's answer is unknown.
    const { rows: tickets } = await ctx.db.execute<{ status: string }>(sql`
      SELECT tk.status FROM tickets tk JOIN reservations r ON r.id = tk.reservation_id WHERE r.order_id = ${order.id}`);
    expect(tickets.map((ticket) => ticket.status)).toEqual(['void']);
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
  });
});
