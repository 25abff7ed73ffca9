import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ReceiptResponse } from '@kippu/contract';
import { setupTestApp, xsrfHeaders } from '../../../test/helper.ts';
import { SITE_PATH } from '../../../test/order-support.ts';
import { cancelTickets } from '../../domain/refunds/cancel-tickets.ts';
import { cancelInput, paidOrder } from '../../domain/refunds/refund-test-support.ts';

/** An issued receipt never changes (ADR 023, 076): a full refund leaves it readable, and issues no new one. */
const ctx = setupTestApp();

async function tokenOf(orderId: number): Promise<string> {
  const { rows } = await ctx.db.execute<{ reservation_token: string }>(
    sql`SELECT reservation_token FROM reservations WHERE order_id = ${orderId}`,
  );
  return rows[0]!.reservation_token;
}

const receiptUrl = (token: string) => `${SITE_PATH}/receipts/${token}?lang=en`;

describe('the receipt after a refund', () => {
  it('stays as issued after the whole order is refunded; issuing again is refused', async () => {
    const order = await paidOrder(ctx.app, ctx.db, { quantity: 2 });
    const token = await tokenOf(order.id);
    const issued = await ctx.app.inject({
      method: 'POST',
      url: receiptUrl(token),
      headers: xsrfHeaders(),
      payload: { addressee: 'Hanako Yamada' },
    });
    expect(issued.statusCode).toBe(200);
    await cancelTickets(ctx.db, { payments: ctx.app.payments, env: ctx.env }, cancelInput(order.id));

    const read = await ctx.app.inject({ method: 'GET', url: receiptUrl(token) });
    expect(read.statusCode).toBe(200);
    const before = issued.json<ReceiptResponse>();
    expect(read.json<ReceiptResponse>()).toEqual(before);
    // Its PDF too (review finding 9): the same receipt, still served after the refund.
    const pdf = await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/receipts/${token}/pdf?lang=en` });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const again = await ctx.app.inject({
      method: 'POST',
      url: receiptUrl(token),
      headers: xsrfHeaders(),
      payload: { addressee: 'Someone else' },
    });
    expect(again.statusCode).toBe(404);
  });

  it('was never issued before the refund: there is none to read', async () => {
    const order = await paidOrder(ctx.app, ctx.db, { quantity: 1 });
    await cancelTickets(ctx.db, { payments: ctx.app.payments, env: ctx.env }, cancelInput(order.id));
    const read = await ctx.app.inject({ method: 'GET', url: receiptUrl(await tokenOf(order.id)) });
    expect(read.statusCode).toBe(404);
  });
});
