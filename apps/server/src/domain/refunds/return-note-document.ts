import { sql } from 'drizzle-orm';
import {
  currencySchema,
  includedTax,
  STANDARD_TAX_RATE_PERCENT,
  type LangCode,
  type LocalizedText,
  type ReturnNoteResponse,
  type SiteCode,
} from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { issuer } from '../receipts/receipt-document.ts';
import { inLang, reservationByToken } from '../reservations/reservation-details.ts';

/**
 * GET /return-notes/{reservationToken}/{number}?lang= (ADR 076): the return note of a refund of this
 * reservation, in `lang`: each cancelled ticket and its money, the total and the tax it contains, the receipt
 * it corrects and the issuer (the receipt's, ADR 023). Unknown, or another reservation's: record not found.
 */
export async function returnNote(
  db: Db,
  site: SiteCode,
  reservationToken: string,
  number: string,
  lang: LangCode,
): Promise<ReturnNoteResponse> {
  const reservation = await reservationByToken(db, site, reservationToken);
  if (!reservation) throw new AppError('record_not_found');
  const { rows } = await db.execute<{ refund_id: string; amount: string; issued_at: Date | string }>(sql`
    SELECT refund_id, amount, issued_at FROM return_notes
    WHERE note_number = ${number} AND reservation_id = ${reservation.id} AND site_code = ${site}`);
  const note = rows[0];
  if (!note) throw new AppError('record_not_found');
  const { rows: items } = await db.execute<{ sequence: number; amount: string; names: LocalizedText }>(sql`
    SELECT tk.sequence, rt.amount, ov.names
    FROM refund_tickets rt JOIN tickets tk ON tk.id = rt.ticket_id JOIN option_values ov ON ov.id = tk.option_value_id
    WHERE rt.refund_id = ${note.refund_id}
    ORDER BY tk.sequence`);
  const { rows: receipts } = await db.execute<{ receipt_number: string }>(
    sql`SELECT receipt_number FROM receipt_issues WHERE reservation_id = ${reservation.id}`,
  );
  const amount = Number(note.amount);
  return {
    note_number: number,
    reservation_number: reservation.number,
    lang,
    currency: currencySchema.parse(reservation.currency),
    issuer: await issuer(db, site, reservation, lang),
    product_name: inLang(reservation.productNames, lang),
    starts_at: reservation.startsAt.toISOString(),
    issued_at: new Date(note.issued_at).toISOString(),
    receipt_number: receipts[0]?.receipt_number ?? null,
    items: items.map((item) => ({
      name: inLang(item.names, lang),
      sequence: item.sequence,
      amount: Number(item.amount),
    })),
    amount,
    // Every ticket is sold at the standard rate, tax included (ADR 023): what goes back carries its tax back.
    taxes: [{ rate_percent: STANDARD_TAX_RATE_PERCENT, amount, tax: includedTax(amount) }],
  };
}

/**
 * The console's view of a refund's return note (GET /sites/:site/refunds/:id/return-note): the same document
 * the visitor reads, found by the refund; a refund without money (or still waiting for approval) has none.
 */
export async function returnNoteOfRefund(
  db: Db,
  site: SiteCode,
  refundId: number,
  lang: LangCode,
): Promise<ReturnNoteResponse> {
  const { rows } = await db.execute<{ note_number: string; reservation_token: string }>(sql`
    SELECT n.note_number, r.reservation_token
    FROM return_notes n JOIN reservations r ON r.id = n.reservation_id
    WHERE n.refund_id = ${refundId} AND n.site_code = ${site}`);
  const found = rows[0];
  if (!found) throw new AppError('record_not_found');
  return returnNote(db, site, found.reservation_token, found.note_number, lang);
}

/** GET /return-notes/{reservationToken}/{number}/pdf?lang=: the same note as an A4 PDF. */
export async function returnNotePdf(
  db: Db,
  site: SiteCode,
  reservationToken: string,
  number: string,
  lang: LangCode,
): Promise<{ filename: string; content: Buffer }> {
  const note = await returnNote(db, site, reservationToken, number, lang);
  // Loaded on the first download, not at start: pdfkit and fontkit are large (issue 12).
  const { renderReturnNotePdf } = await import('../receipts/return-note-pdf.ts');
  return { filename: `return-note-${note.note_number}.pdf`, content: await renderReturnNotePdf(note) };
}
