import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderStatus, stockOf } from '../../../test/checkout-support.ts';
import { setupTestApp } from '../../../test/helper.ts';
import { splitTickets } from '../tickets/share-tickets.ts';
import { cancelTickets } from './cancel-tickets.ts';
import { refundableTickets } from './refundable-tickets.ts';
import { cancelInput, paidOrder } from './refund-test-support.ts';

/** Shared tickets (ADR 021) are the order's: a refund sees, voids and counts them (review finding 1). */
describe('refunds of shared tickets', () => {
  const ctx = setupTestApp();
  const deps = () => ({ payments: ctx.app.payments, env: ctx.env });

  /** A paid order of two ¥1,000 tickets, one of them shared to a child reservation. */
  async function sharedOrder() {
    const order = await paidOrder(ctx.app, ctx.db, { quantity: 2 });
    const { rows } = await ctx.db.execute<{ token: string; option_value_id: string }>(sql`
      SELECT r.reservation_token AS token, tk.option_value_id
      FROM reservations r JOIN tickets tk ON tk.reservation_id = r.id WHERE r.order_id = ${order.id} LIMIT 1`);
    await splitTickets(ctx.db, 'DEMO', rows[0]!.token, {
      tickets: [{ option_value_id: Number(rows[0]!.option_value_id), count: 1 }],
    });
    const { rows: shared } = await ctx.db.execute<{ id: string; reservation_status: string }>(sql`
      SELECT tk.id, c.status AS reservation_status FROM tickets tk
      JOIN reservations c ON c.id = tk.reservation_id
      JOIN reservations r ON r.id = c.parent_reservation_id WHERE r.order_id = ${order.id}`);
    expect(shared).toHaveLength(1);
    return { order, sharedTicketId: Number(shared[0]!.id) };
  }

  it('a partial refund of the shared ticket refunds its own share only and gives its place back', async () => {
    const { order, sharedTicketId } = await sharedOrder();
    const tickets = await refundableTickets(ctx.db, order.id);
    expect(tickets.map((ticket) => ticket.amount)).toEqual([1000, 1000]);
    const summary = await cancelTickets(
      ctx.db,
      deps(),
      cancelInput(order.id, { ticketIds: [sharedTicketId] }),
    );
    expect(summary).toMatchObject({ status: 'succeeded', amount: 1000, ticketIds: [sharedTicketId] });
    expect(await orderStatus(ctx.db, order.id)).toBe('reserved');
    expect(await stockOf(ctx.db, order.slot.spanId)).toEqual({ held: 0, sold: 1 });
    const { rows } = await ctx.db.execute<{ status: string }>(
      sql`SELECT status FROM tickets WHERE id = ${sharedTicketId}`,
    );
    expect(rows[0]!.status).toBe('void');
  });

  it('a full refund of a reservation with a share voids both tickets, refunds the order and its share', async () => {
    const { order, sharedTicketId } = await sharedOrder();
    const holderTicket = (await refundableTickets(ctx.db, order.id)).find(
      (ticket) => ticket.ticketId !== sharedTicketId,
    )!;
    // The holder's own ticket alone is not the whole order: it refunds ¥1,000, not everything paid.
    const first = await cancelTickets(
      ctx.db,
      deps(),
      cancelInput(order.id, { ticketIds: [holderTicket.ticketId] }),
    );
    expect(first).toMatchObject({ status: 'succeeded', amount: 1000 });
    expect(await orderStatus(ctx.db, order.id)).toBe('reserved');
    const rest = await cancelTickets(ctx.db, deps(), cancelInput(order.id));
    expect(rest).toMatchObject({ status: 'succeeded', amount: 1000, ticketIds: [sharedTicketId] });
    expect(await orderStatus(ctx.db, order.id)).toBe('refunded');
    expect(await stockOf(ctx.db, order.slot.spanId)).toEqual({ held: 0, sold: 0 });
    const { rows } = await ctx.db.execute<{ status: string; n: number }>(sql`
      SELECT r.status, count(*)::int AS n FROM reservations r JOIN reservations h ON h.id = COALESCE(r.parent_reservation_id, r.id)
      WHERE h.order_id = ${order.id} GROUP BY r.status`);
    expect(rows).toEqual([{ status: 'refunded', n: 2 }]);
    const { rows: tickets } = await ctx.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM tickets WHERE id = ${sharedTicketId} AND status = 'void'`);
    expect(tickets[0]!.n).toBe(1);
  });
});
