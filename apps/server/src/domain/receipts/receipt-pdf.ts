import type { ReceiptResponse } from '@kippu/contract';
import {
  startReceiptSheet,
  writeAmountBox,
  writeReferences,
  writeTaxLines,
  writeVisitAndIssuer,
} from './receipt-pdf-parts.ts';
import type { PrintLogo } from './print-logo.ts';
import { INK, MUTED, PAGE_MARGIN } from './receipt-pdf-page.ts';

const REISSUE_RED = '#b00020';

/**
 * The issued receipt as an A4 PDF in the receipt's language (ADR 023): title (再発行 when a re-issue),
 * addressee, the amount received, tax per rate, the items, the reservation and the issuer with its
 * registration number, under the site's print logo (issue 32). Only glyphs used are embedded (subset Noto Sans, see receipt-fonts.ts).
 */
export function renderReceiptPdf(receipt: ReceiptResponse, logo: PrintLogo | null = null): Promise<Buffer> {
  const issue = receipt.issue;
  if (!issue) throw new Error('a receipt is rendered only once issued');
  const sheet = startReceiptSheet(receipt, { key: 'receipt_title', number: issue.receipt_number }, logo);
  const { doc, left, contentWidth, write, rule, finish, t, price } = sheet;
  let y = PAGE_MARGIN;
  if (issue.reissue_count > 0) {
    doc.fillColor(REISSUE_RED);
    const markWidth = 110;
    doc
      .rect(left + contentWidth - markWidth, y - 4, markWidth, 30)
      .lineWidth(1.2)
      .strokeColor(REISSUE_RED)
      .stroke();
    write(t('receipt_reissued'), left + contentWidth - markWidth, y + 3, 13, markWidth, 'center');
    doc.fillColor(INK);
  }
  y += 48;

  writeReferences(sheet, y, { key: 'receipt_receipt_number', value: issue.receipt_number }, issue.issued_at);
  y += 40;

  y = write(t('receipt_addressee_line', { addressee: issue.addressee }), left, y, 16, contentWidth * 0.7);
  rule(y + 3, INK);
  y += 24;

  y = writeAmountBox(sheet, y, 'receipt_total', receipt.total);
  write(t('receipt_received'), left, y, 10.5, contentWidth);
  y += 18;
  y = writeTaxLines(sheet, y, receipt.taxes);
  doc.fillColor(MUTED);
  y = write(t('receipt_tax_note'), left, y + 2, 8.5, contentWidth);
  doc.fillColor(INK);
  y += 20;

  // Items: name | unit price | quantity | amount.
  const columns = [
    { key: 'receipt_item' as const, x: left, width: contentWidth * 0.46, align: 'left' as const },
    {
      key: 'receipt_unit_price' as const,
      x: left + contentWidth * 0.46,
      width: contentWidth * 0.2,
      align: 'right' as const,
    },
    {
      key: 'receipt_quantity' as const,
      x: left + contentWidth * 0.66,
      width: contentWidth * 0.12,
      align: 'right' as const,
    },
    {
      key: 'receipt_amount' as const,
      x: left + contentWidth * 0.78,
      width: contentWidth * 0.22,
      align: 'right' as const,
    },
  ];
  doc.fillColor(MUTED);
  for (const column of columns) write(t(column.key), column.x, y, 9.5, column.width, column.align);
  doc.fillColor(INK);
  y += 16;
  rule(y);
  y += 6;
  for (const item of receipt.items) {
    const cells = [item.name, price(item.unit_price), String(item.quantity), price(item.amount)];
    let rowBottom = y;
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      rowBottom = Math.max(rowBottom, write(cell, column.x, y, 10.5, column.width, column.align));
    });
    y = rowBottom + 6;
  }
  rule(y);
  y += 8;
  const sumRow = (label: string, amount: string) => {
    write(label, columns[1]!.x, y, 10.5, contentWidth * 0.32, 'right');
    write(amount, columns[3]!.x, y, 10.5, columns[3]!.width, 'right');
    y += 18;
  };
  sumRow(t('receipt_subtotal'), price(receipt.subtotal));
  if (receipt.discount > 0) sumRow(t('receipt_discount'), `-${price(receipt.discount)}`);
  sumRow(t('receipt_total'), price(receipt.total));
  y += 12;

  writeVisitAndIssuer(sheet, y, receipt);

  return finish();
}
