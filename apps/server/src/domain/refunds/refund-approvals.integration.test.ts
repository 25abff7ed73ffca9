import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderStatus } from '../../../test/checkout-support.ts';
import { setupTestApp } from '../../../test/helper.ts';
import { cancelTickets } from './cancel-tickets.ts';
import { recordManualRefund } from './manual-refund.ts';
import { approveRefund, refundsAwaitingApproval, rejectRefund } from './refund-approvals.ts';
import { cancelInput, demoStaffId, paidOrder, ticketsOf } from './refund-test-support.ts';

/** Separation of duties (issue 29, ADR 076): above the organisation's limit a second member approves. */
describe('refund approvals', () => {
  const ctx = setupTestApp();
  const deps = () => ({ payments: ctx.app.payments, env: ctx.env });
  const staff = async (name: 'boxOffice' | 'finance' | 'owner') => ({
    kind: 'staff' as const,
    staffId: await demoStaffId(ctx.db, name),
  });

  it('waits above the limit without voiding; the requester and a limited role cannot approve; another can', async () => {
    const order = await paidOrder(ctx.app, ctx.db, { quantity: 2 });
    const boxOffice = await staff('boxOffice');
    const waiting = await cancelTickets(
      ctx.db,
      deps(),
      cancelInput(order.id, { actor: boxOffice, approval: { limitYen: 1500 } }),
    );
    expect(waiting).toMatchObject({ status: 'awaiting_approval', amount: 2000 });
    expect((await ticketsOf(ctx.db, order.id)).map((ticket) => ticket.status)).toEqual(['valid', 'valid']);
    expect(await orderStatus(ctx.db, order.id)).toBe('reserved');
    expect((await refundsAwaitingApproval(ctx.db, 'DEMO')).map((refund) => refund.refundId)).toContain(
      waiting.refundId,
    );
    // The tickets are promised to this refund: another cancel of them waits its turn too.
    await expect(cancelTickets(ctx.db, deps(), cancelInput(order.id))).rejects.toMatchObject({
      code: 'console_nothing_to_refund',
    });

    const decision = (approver: { kind: 'staff'; staffId: number }, limited: boolean) => ({
      site: 'DEMO' as const,
      refundId: waiting.refundId,
      approver: { actor: approver, limited },
    });
    await expect(approveRefund(ctx.db, deps(), decision(boxOffice, false))).rejects.toMatchObject({
      code: 'console_refund_needs_other_approver',
    });
    const otherBoxOffice = { kind: 'staff' as const, staffId: await demoStaffId(ctx.db, 'owner') };
    await expect(approveRefund(ctx.db, deps(), decision(otherBoxOffice, true))).rejects.toMatchObject({
      code: 'console_refund_needs_other_approver',
    });
    const finance = await staff('finance');
    const approved = await approveRefund(ctx.db, deps(), decision(finance, false));
    expect(approved).toMatchObject({ refundId: waiting.refundId, status: 'succeeded', amount: 2000 });
    expect(approved.returnNoteNumber).toMatch(/^HDEMO-/);
    expect(await orderStatus(ctx.db, order.id)).toBe('refunded');
    const { rows } = await ctx.db.execute<{
      decision: string;
      decided_by_staff_id: string;
      approved: string;
    }>(sql`
      SELECT a.decision, a.decided_by_staff_id, f.approved_by_staff_id AS approved
      FROM refund_approvals a JOIN refunds f ON f.id = a.refund_id WHERE a.refund_id = ${waiting.refundId}`);
    expect(rows[0]!.decision).toBe('approved');
    expect(Number(rows[0]!.decided_by_staff_id)).toBe(finance.staffId);
    expect(Number(rows[0]!.approved)).toBe(finance.staffId);
    // A second click answers the same refund and changes nothing.
    expect(await approveRefund(ctx.db, deps(), decision(finance, false))).toMatchObject({
      status: 'succeeded',
    });
  });

  it('up to the limit goes ahead at once; a rejected refund changes nothing', async () => {
    const order = await paidOrder(ctx.app, ctx.db, { quantity: 2 });
    const boxOffice = await staff('boxOffice');
    const [one] = await ticketsOf(ctx.db, order.id);
    const small = await cancelTickets(
      ctx.db,
      deps(),
      cancelInput(order.id, { actor: boxOffice, ticketIds: [one!.id], approval: { limitYen: 1000 } }),
    );
    expect(small.status).toBe('succeeded');
    const big = await paidOrder(ctx.app, ctx.db, { quantity: 3 });
    const waiting = await cancelTickets(
      ctx.db,
      deps(),
      cancelInput(big.id, { actor: boxOffice, approval: { limitYen: 1000 } }),
    );
    const rejected = await rejectRefund(ctx.db, {
      site: 'DEMO',
      refundId: waiting.refundId,
      approver: { actor: await staff('finance'), limited: false },
      note: 'asked twice',
    });
    expect(rejected.status).toBe('rejected');
    expect((await ticketsOf(ctx.db, big.id)).map((ticket) => ticket.status)).toEqual([
      'valid',
      'valid',
      'valid',
    ]);
    // The tickets are free again for a refund that goes ahead.
    expect((await cancelTickets(ctx.db, deps(), cancelInput(big.id))).status).toBe('succeeded');
  });

  it('a failed refund is recorded as given back by hand: who and when', async () => {
    const order = await paidOrder(ctx.app, ctx.db, { quantity: 1 });
    const summary = await cancelTickets(ctx.db, deps(), cancelInput(order.id));
    // As if the gateway had refused it.
    await ctx.db.execute(
      sql`UPDATE refunds SET status = 'failed', failure_code = 'E01' WHERE id = ${summary.refundId}`,
    );
    const finance = await staff('finance');
    const recorded = await recordManualRefund(ctx.db, {
      site: 'DEMO',
      refundId: summary.refundId,
      actor: finance,
      note: 'bank transfer',
    });
    expect(recorded.status).toBe('manual');
    const { rows } = await ctx.db.execute<{ by: string; at: Date | null }>(sql`
      SELECT manual_recorded_by_staff_id AS by, manual_recorded_at AS at FROM refunds WHERE id = ${summary.refundId}`);
    expect(Number(rows[0]!.by)).toBe(finance.staffId);
    expect(rows[0]!.at).not.toBeNull();
    await expect(
      recordManualRefund(ctx.db, { site: 'OKINAWA', refundId: summary.refundId, actor: finance, note: 'x' }),
    ).rejects.toMatchObject({ code: 'record_not_found' });
  });
});
