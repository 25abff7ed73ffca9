import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import type { PaymentProvider, RefundOutcome } from '../payments/payment-provider.ts';
import type { PaymentRegistry } from '../payments/payment-registry.ts';
import { cancelTickets } from './cancel-tickets.ts';
import { cancelInput, paidOrder } from './refund-test-support.ts';
import type { RefundDeps } from './refund-types.ts';

/** The real providers, with every refund answered `outcome` (the gateway refused, or it cannot refund). */
function answering(payments: PaymentRegistry, env: RefundDeps['env'], outcome: RefundOutcome): RefundDeps {
  const wrap = (provider: PaymentProvider): PaymentProvider => ({
    ...provider,
    publicFields: (site) => provider.publicFields(site),
    start: (attempt, input) => provider.start(attempt, input),
    complete: (attempt, callback) => provider.complete(attempt, callback),
    status: (attempt) => provider.status(attempt),
    refund: async () => outcome,
  });
  return {
    env,
    payments: {
      ...payments,
      providerFor: (method) => {
        const provider = payments.providerFor(method);
        return provider && wrap(provider);
      },
    },
  };
}

/** Money still owed reaches staff (review finding 11): the order is flagged in the settling transaction. */
describe('refunds that need a person', () => {
  const ctx = setupTestApp();

  const flagOf = async (orderId: number) =>
    (
      await ctx.db.execute<{ reason: string | null; at: Date | null }>(sql`
        SELECT staff_attention_reason AS reason, staff_attention_at AS at FROM orders WHERE id = ${orderId}`)
    ).rows[0]!;

  it('a refund the gateway refuses ends failed and flags the order with its code', async () => {
    const order = await paidOrder(ctx.app, ctx.db, { quantity: 1 });
    expect((await flagOf(order.id)).at).toBeNull();
    const deps = answering(ctx.app.payments, ctx.env, { kind: 'failed', code: 'E01060021', events: [] });
    const summary = await cancelTickets(ctx.db, deps, cancelInput(order.id));
    expect(summary.status).toBe('failed');
    const flag = await flagOf(order.id);
    expect(flag.reason).toBe('refund_failed:E01060021');
    expect(flag.at).not.toBeNull();
  });

  it('a refund the method cannot give back itself ends manual and flags the order', async () => {
    const order = await paidOrder(ctx.app, ctx.db, { quantity: 1 });
    const deps = answering(ctx.app.payments, ctx.env, { kind: 'manual', events: [] });
    const summary = await cancelTickets(ctx.db, deps, cancelInput(order.id));
    expect(summary.status).toBe('manual');
    expect((await flagOf(order.id)).reason).toBe('refund_manual');
  });

  it('a refund that succeeds flags nothing', async () => {
    const order = await paidOrder(ctx.app, ctx.db, { quantity: 1 });
    const summary = await cancelTickets(
      ctx.db,
      { payments: ctx.app.payments, env: ctx.env },
      cancelInput(order.id),
    );
    expect(summary.status).toBe('succeeded');
    expect((await flagOf(order.id)).at).toBeNull();
  });
});
