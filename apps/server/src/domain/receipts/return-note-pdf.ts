import { formatDate, formatPrice, formatTime, type ReturnNoteResponse } from '@kippu/contract';
import { INK, MUTED, PAGE_MARGIN, receiptPage } from './receipt-pdf-page.ts';
import { receiptText, type ReceiptTextKey } from './receipt-texts.ts';

/**
 * A refund's return note (返還インボイス, ADR 076) as an A4 PDF in its language, drawn like the receipt (ADR 023)
 * on the same page: title and number, the date, the amount given back and the tax it contains, each ticket,
 * the receipt it corrects, the reservation and the issuer with its registration number.
 */
export function renderReturnNotePdf(note: ReturnNoteResponse): Promise<Buffer> {
  const { lang } = note;
  const t = (key: ReceiptTextKey, params?: Record<string, string | number>) => receiptText(lang, key, params);
  const price = (amount: number) => formatPrice(amount, lang, note.currency);
  const { doc, left, contentWidth, write, rule, finish } = receiptPage(lang, {
    Title: `${t('return_note_title')} ${note.note_number}`,
    Author: note.issuer.name,
    Subject: `${t('receipt_reservation_number')} ${note.reservation_number}`,
  });

  doc.fillColor(INK);
  let y = PAGE_MARGIN;
  write(t('return_note_title'), left, y, 24, contentWidth, 'center');
  y += 48;
  doc.fillColor(MUTED);
  write(`${t('return_note_number')}: ${note.note_number}`, left, y, 9.5, contentWidth, 'right');
  write(
    `${t('receipt_issue_date')}: ${formatDate(note.issued_at, lang)}`,
    left,
    y + 14,
    9.5,
    contentWidth,
    'right',
  );
  if (note.receipt_number)
    write(`${t('return_note_receipt')}: ${note.receipt_number}`, left, y + 28, 9.5, contentWidth, 'right');
  doc.fillColor(INK);
  y += 52;

  doc.rect(left, y, contentWidth, 46).fillColor('#f2f2f2').fill();
  doc.fillColor(INK);
  write(t('return_note_total'), left + 14, y + 15, 12, contentWidth / 2);
  write(price(note.amount), left + contentWidth / 2, y + 10, 20, contentWidth / 2 - 14, 'right');
  y += 58;
  for (const tax of note.taxes) {
    const line = t('receipt_tax_line', {
      rate: tax.rate_percent,
      amount: price(tax.amount),
      tax: price(tax.tax),
    });
    y = write(line, left, y, 10.5, contentWidth) + 2;
  }
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

  y = write(`${t('receipt_reservation_number')}: ${note.reservation_number}`, left, y, 10.5, contentWidth);
  y = write(note.product_name, left, y + 4, 10.5, contentWidth);
  const visit = `${t('receipt_visit')}: ${formatDate(note.starts_at, lang)} ${formatTime(note.starts_at)}`;
  y = write(visit, left, y + 4, 10.5, contentWidth);
  y += 28;

  const issuerX = left + contentWidth * 0.45;
  const issuerWidth = contentWidth * 0.55;
  doc.fillColor(MUTED);
  write(t('receipt_issuer'), issuerX, y, 9.5, issuerWidth);
  doc.fillColor(INK);
  y = write(note.issuer.name, issuerX, y + 14, 12, issuerWidth);
  if (note.issuer.registration_number) {
    const registration = `${t('receipt_registration_number')}: ${note.issuer.registration_number}`;
    write(registration, issuerX, y + 4, 10.5, issuerWidth);
  }
  return finish();
}
