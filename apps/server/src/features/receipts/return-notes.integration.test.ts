import { extractText, getDocumentProxy } from 'unpdf';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { returnNoteResponseSchema, ticketResponseSchema } from '@kippu/contract';
import { setupTestApp, xsrfHeaders } from '../../../test/helper.ts';
import { SITE_PATH } from '../../../test/order-support.ts';
import { cancelTickets } from '../../domain/refunds/cancel-tickets.ts';
import { cancelInput, paidOrder, ticketsOf } from '../../domain/refunds/refund-test-support.ts';

/** A refund's return note and the ticket page after it (issue 29, ADR 076), as the visitor reads them. */
const ctx = setupTestApp();

async function refundedOne() {
  const order = await paidOrder(ctx.app, ctx.db, { quantity: 2, coupon: { type: 'fixed', value: 300 } });
  const [first] = await ticketsOf(ctx.db, order.id);
  const summary = await cancelTickets(
    ctx.db,
    { payments: ctx.app.payments, env: ctx.env },
    cancelInput(order.id, { ticketIds: [first!.id] }),
  );
  const { rows } = await ctx.db.execute<{ reservation_token: string }>(
    sql`SELECT reservation_token FROM reservations WHERE order_id = ${order.id}`,
  );
  return { token: rows[0]!.reservation_token, summary, first: first!.id };
}

describe('return notes', () => {
  it('answers the note in the asked language, with the ticket, the amount and its tax; and as a PDF', async () => {
    const { token, summary } = await refundedOne();
    const number = summary.returnNoteNumber!;
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/return-notes/${token}/${number}?lang=en`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const note = returnNoteResponseSchema.parse(res.json());
    // 2 × 1 000 less 300: 850 each.
    expect(note).toMatchObject({ note_number: number, lang: 'en', amount: 850, receipt_number: null });
    expect(note.items).toEqual([{ name: 'Ticket 0 (en)', sequence: 1, amount: 850 }]);
    expect(note.taxes).toEqual([{ rate_percent: 10, amount: 850, tax: 77 }]);

    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/return-notes/${token}/${number}/pdf?lang=ja`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const document = await getDocumentProxy(new Uint8Array(pdf.rawPayload));
    const text = (await extractText(document, { mergePages: true })).text;
    await document.destroy();
    expect(text).toContain(number);
    expect(text).toContain('850');
  });

  it("is not found under another reservation's token or another site", async () => {
    const one = await refundedOne();
    const other = await refundedOne();
    const number = one.summary.returnNoteNumber!;
    for (const url of [
      `${SITE_PATH}/return-notes/${other.token}/${number}?lang=en`,
      `/artizon/api/v1/return-notes/${one.token}/${number}?lang=en`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: xsrfHeaders() });
      expect(res.statusCode).toBe(404);
    }
  });

  it('shows the refunded ticket as void and refunded on the ticket page, with its return note', async () => {
    const { token, summary, first } = await refundedOne();
    const res = await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/tickets/${token}?lang=en` });
    expect(res.statusCode, res.body).toBe(200);
    const page = ticketResponseSchema.parse(res.json());
    expect(page.status).toBe('reserved');
    expect(
      page.tickets.map((ticket) => [ticket.id, ticket.status, ticket.refunded, ticket.qr === '']),
    ).toEqual([
      [first, 'void', true, true],
      [page.tickets[1]!.id, 'valid', false, false],
    ]);
    expect(page.return_notes).toEqual([
      { number: summary.returnNoteNumber, amount: 850, issued_at: expect.any(String) },
    ]);
  });
});
