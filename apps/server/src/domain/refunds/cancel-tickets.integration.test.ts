import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderStatus, stockOf } from '../../../test/checkout-support.ts';
import { setupTestApp } from '../../../test/helper.ts';
import { cancelTickets } from './cancel-tickets.ts';
import { refundableTickets } from './refundable-tickets.ts';
import { cancelInput, paidOrder, ticketsOf } from './refund-test-support.ts';

/** Refunds by ticket on real PostgreSQL and the gateway simulator (issue 29, ADR 076). */
describe('cancelTickets', () => {
  const ctx = setupTestApp();
  const deps = () => ({ payments: ctx.app.payments, env: ctx.env });

  it('takes a coupon discount off each ticket pro rata, the remainder on the last, summing to what was paid', async () => {
    const order = await paidOrder(ctx.app, ctx.db, { quantity: 3, coupon: { type: 'fixed', value: 1000 } });
    const tickets = await refundableTickets(ctx.db, order.id);
    expect(tickets.map((ticket) => ticket.amount)).toEqual([666, 666, 668]);
    expect(tickets.map((ticket) => ticket.couponShare)).toEqual([334, 334, 332]);
    const first = await cancelTickets(
      ctx.db,
      deps(),
      cancelInput(order.id, { ticketIds: [tickets[0]!.ticketId] }),
    );
    expect(first).toMatchObject({ status: 'succeeded', amount: 666, ticketIds: [tickets[0]!.ticketId] });
    expect(first.returnNoteNumber).toMatch(/^HDEMO-\d{6}$/);
    // The visitor's mail, queued with the refund: the amount and the return note's link.
    const { rows } = await ctx.db.execute<{ to_address: string; payload: Record<string, unknown> }>(sql`
      SELECT to_address, payload FROM mail_outbox WHERE kind = 'refund_issued' ORDER BY id DESC LIMIT 1`);
    expect(rows[0]!.to_address).toBe('hanako@example.jp');
    expect(rows[0]!.payload).toMatchObject({
      amount: 666,
      ticketCount: 1,
      returnNoteNumber: first.returnNoteNumber,
    });
    expect(String(rows[0]!.payload.returnNoteUrl)).toContain(`/return-notes/${first.returnNoteNumber}`);
  });

  it('a partial refund keeps the order reserved; the rest refunds it, voids every ticket and gives coupon uses back', async () => {
    const order = await paidOrder(ctx.app, ctx.db, {
      quantity: 2,
      coupon: { type: 'fixed', value: 500, limit: 5 },
    });
    const used = async () =>
      (
        await ctx.db.execute<{ n: number }>(
          sql`SELECT used_count AS n FROM coupons WHERE id = ${order.couponId!}`,
        )
      ).rows[0]!.n;
    expect(await used()).toBe(1);
    const [one, two] = await ticketsOf(ctx.db, order.id);
    const partial = await cancelTickets(ctx.db, deps(), cancelInput(order.id, { ticketIds: [one!.id] }));
    expect(partial).toMatchObject({ status: 'succeeded', amount: 750 });
    expect(await orderStatus(ctx.db, order.id)).toBe('reserved');
    expect(await ticketsOf(ctx.db, order.id)).toEqual([
      { id: one!.id, status: 'void' },
      { id: two!.id, status: 'valid' },
    ]);
    expect(await used()).toBe(1);
    const rest = await cancelTickets(ctx.db, deps(), cancelInput(order.id));
    expect(rest).toMatchObject({ status: 'succeeded', amount: 750, ticketIds: [two!.id] });
    expect(await orderStatus(ctx.db, order.id)).toBe('refunded');
    const { rows } = await ctx.db.execute<{ status: string }>(
      sql`SELECT status FROM reservations WHERE order_id = ${order.id}`,
    );
    expect(rows[0]!.status).toBe('refunded');
    expect(await used()).toBe(0);
    // Nothing is left: another cancel answers so, and refunds nothing.
    await expect(cancelTickets(ctx.db, deps(), cancelInput(order.id))).rejects.toMatchObject({
      code: 'console_nothing_to_refund',
    });
    const { rows: back } = await ctx.db.execute<{ total: string }>(sql`
      SELECT sum(rp.amount) AS total FROM refund_payments rp JOIN refunds f ON f.id = rp.refund_id
      WHERE f.order_id = ${order.id} AND rp.status = 'succeeded'`);
    expect(Number(back[0]!.total)).toBe(1500);
  });

  it('gives places back to a slot still in the future, and not to one that has started', async () => {
    const future = await paidOrder(ctx.app, ctx.db, { quantity: 2 });
    expect(await stockOf(ctx.db, future.slot.spanId)).toEqual({ held: 0, sold: 2 });
    const [ticket] = await ticketsOf(ctx.db, future.id);
    await cancelTickets(ctx.db, deps(), cancelInput(future.id, { ticketIds: [ticket!.id] }));
    expect(await stockOf(ctx.db, future.slot.spanId)).toEqual({ held: 0, sold: 1 });

    const past = await paidOrder(ctx.app, ctx.db, { quantity: 2 });
    // The slot started after the sale (a visitor who did not come): the places stay sold.
    await ctx.db.execute(sql`
      UPDATE time_spans SET starts_at = now() - interval '10 minutes', ends_at = now() + interval '20 minutes'
      WHERE id = ${past.slot.spanId}`);
    await cancelTickets(ctx.db, deps(), cancelInput(past.id));
    expect(await stockOf(ctx.db, past.slot.spanId)).toEqual({ held: 0, sold: 2 });
    expect(await orderStatus(ctx.db, past.id)).toBe('refunded');
  });

  it('cancels without money: tickets void, no payment touched, no return note', async () => {
    const order = await paidOrder(ctx.app, ctx.db, { quantity: 1 });
    const summary = await cancelTickets(ctx.db, deps(), cancelInput(order.id, { money: 'none' }));
    expect(summary).toMatchObject({ status: 'none', amount: 0 });
    expect(summary.returnNoteNumber).toBeUndefined();
    expect(await orderStatus(ctx.db, order.id)).toBe('refunded');
  });

  it('names a ticket of another order: record not found, nothing changes', async () => {
    const order = await paidOrder(ctx.app, ctx.db, { quantity: 1 });
    const other = await paidOrder(ctx.app, ctx.db, { quantity: 1 });
    const [foreign] = await ticketsOf(ctx.db, other.id);
    await expect(
      cancelTickets(ctx.db, deps(), cancelInput(order.id, { ticketIds: [foreign!.id] })),
    ).rejects.toMatchObject({ code: 'record_not_found' });
    expect((await ticketsOf(ctx.db, other.id))[0]!.status).toBe('valid');
  });

  it('answers exceeds paid when the tickets are worth more than what remains of the payments, changing nothing', async () => {
    const order = await paidOrder(ctx.app, ctx.db, { quantity: 2 });
    const [one] = await ticketsOf(ctx.db, order.id);
    // ¥1,500 of the ¥2,000 already went back outside a ticket (a goodwill refund recorded by hand).
    await ctx.db.execute(sql`
      INSERT INTO refunds (order_id, reservation_id, site_code, amount, status, reason, idempotency_key,
                           requested_by_label)
      SELECT ${order.id}, r.id, r.site_code, 1500, 'manual', 'goodwill', ${`goodwill-${order.id}`}, 'test'
      FROM reservations r WHERE r.order_id = ${order.id}`);
    await expect(
      cancelTickets(ctx.db, deps(), cancelInput(order.id, { ticketIds: [one!.id] })),
    ).rejects.toMatchObject({ code: 'console_refund_exceeds_paid' });
    expect((await ticketsOf(ctx.db, order.id)).map((ticket) => ticket.status)).toEqual(['valid', 'valid']);
    expect(await stockOf(ctx.db, order.slot.spanId)).toEqual({ held: 0, sold: 2 });
  });

  it('spreads a membership discount with a coupon over the tickets: each gives back its share of what was paid', async () => {
    const order = await paidOrder(ctx.app, ctx.db, {
      quantity: 3,
      membershipDiscount: 400,
      coupon: { type: 'fixed', value: 200 },
    });
    const { rows } = await ctx.db.execute<{ total: string }>(
      sql`SELECT sum(amount) AS total FROM payments WHERE order_id = ${order.id} AND status = 'confirmed'`,
    );
    expect(Number(rows[0]!.total)).toBe(2400);
    const tickets = await refundableTickets(ctx.db, order.id);
    expect(tickets.map((ticket) => ticket.amount)).toEqual([800, 800, 800]);
    expect(tickets.map((ticket) => ticket.couponShare)).toEqual([200, 200, 200]);
    const one = await cancelTickets(
      ctx.db,
      deps(),
      cancelInput(order.id, { ticketIds: [tickets[0]!.ticketId] }),
    );
    expect(one).toMatchObject({ status: 'succeeded', amount: 800 });
    const rest = await cancelTickets(ctx.db, deps(), cancelInput(order.id));
    expect(rest).toMatchObject({ status: 'succeeded', amount: 1600 });
  });
});
