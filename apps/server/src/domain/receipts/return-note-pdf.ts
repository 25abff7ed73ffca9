import type { ReturnNoteResponse } from '@kippu/contract';
import {
  startReceiptSheet,
  writeAmountBox,
  writeReferences,
  writeTaxLines,
  writeVisitAndIssuer,
} from './receipt-pdf-parts.ts';
import { PAGE_MARGIN } from './receipt-pdf-page.ts';

/**
 * A refund's return note (返還インボイス, ADR 076) as an A4 PDF in its language, drawn like the receipt (ADR 023)
 * on the same page: title and number, the date, the amount given back and the tax it contains, each ticket,
 * the receipt it corrects, the reservation and the issuer with its registration number.
 */
export function renderReturnNotePdf(note: ReturnNoteResponse): Promise<Buffer> {
  const sheet = startReceiptSheet(note, { key: 'return_note_title', number: note.note_number });
  const { left, contentWidth, write, rule, finish, t, price } = sheet;
  let y = PAGE_MARGIN + 48;
  const correcting = note.receipt_number ? [`${t('return_note_receipt')}: ${note.receipt_number}`] : [];
  writeReferences(
    sheet,
    y,
    { key: 'return_note_number', value: note.note_number },
    note.issued_at,
    correcting,
  );
  y += 52;

  y = writeAmountBox(sheet, y, 'return_note_total', note.amount);
  y = writeTaxLines(sheet, y, note.taxes);
  y += 16;

  rule(y);
  y += 6;
  for (const item of note.items) {
    const label = t('return_note_ticket_line', { name: item.name, sequence: item.sequence });
    const bottom = write(label, left, y, 10.5, contentWidth * 0.7);
    write(price(item.amount), left + contentWidth * 0.7, y, 10.5, contentWidth * 0.3, 'right');
    y = bottom + 6;
  }
  rule(y);
  y += 20;

  writeVisitAndIssuer(sheet, y, note);
  return finish();
}
