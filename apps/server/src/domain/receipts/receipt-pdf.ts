import { formatDate, formatPrice, formatTime, type ReceiptResponse } from '@kippu/contract';
import { INK, MUTED, PAGE_MARGIN, receiptPage } from './receipt-pdf-page.ts';
import { receiptText, type ReceiptTextKey } from './receipt-texts.ts';

const REISSUE_RED = '#b00020';

/**
 * The issued receipt as an A4 PDF in the receipt's language (ADR 023): title (再発行 when a re-issue),
 * addressee, the amount received, tax per rate, the items, the reservation and the issuer with its
 * registration number. Only glyphs used are embedded (subset Noto Sans, see receipt-fonts.ts).
 */
export function renderReceiptPdf(receipt: ReceiptResponse): Promise<Buffer> {
  const issue = receipt.issue;
  if (!issue) throw new Error('a receipt is rendered only once issued');
  const { lang } = receipt;
  const t = (key: ReceiptTextKey, params?: Record<string, string | number>) => receiptText(lang, key, params);
  const price = (amount: number) => formatPrice(amount, lang, receipt.currency);
  const { doc, left, contentWidth, write, rule, finish } = receiptPage(lang, {
    Title: `${t('receipt_title')} ${issue.receipt_number}`,
    Author: receipt.issuer.name,
    Subject: `${t('receipt_reservation_number')} ${receipt.reservation_number}`,
  });

  doc.fillColor(INK);
  let y = PAGE_MARGIN;
  write(t('receipt_title'), left, y, 24, contentWidth, 'center');
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

  doc.fillColor(MUTED);
  write(`${t('receipt_receipt_number')}: ${issue.receipt_number}`, left, y, 9.5, contentWidth, 'right');
  write(
    `${t('receipt_issue_date')}: ${formatDate(issue.issued_at, lang)}`,
    left,
    y + 14,
    9.5,
    contentWidth,
    'right',
  );
  doc.fillColor(INK);
  y += 40;

  y = write(t('receipt_addressee_line', { addressee: issue.addressee }), left, y, 16, contentWidth * 0.7);
  rule(y + 3, INK);
  y += 24;

  doc.rect(left, y, contentWidth, 46).fillColor('#f2f2f2').fill();
  doc.fillColor(INK);
  write(t('receipt_total'), left + 14, y + 15, 12, contentWidth / 2);
  write(price(receipt.total), left + contentWidth / 2, y + 10, 20, contentWidth / 2 - 14, 'right');
  y += 58;
  write(t('receipt_received'), left, y, 10.5, contentWidth);
  y += 18;
  for (const tax of receipt.taxes) {
    y = write(
      t('receipt_tax_line', { rate: tax.rate_percent, amount: price(tax.amount), tax: price(tax.tax) }),
      left,
      y,
      10.5,
      contentWidth,
    );
    y += 2;
  }
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

  y = write(`${t('receipt_reservation_number')}: ${receipt.reservation_number}`, left, y, 10.5, contentWidth);
  y = write(receipt.product_name, left, y + 4, 10.5, contentWidth);
  y = write(
    `${t('receipt_visit')}: ${formatDate(receipt.starts_at, lang)} ${formatTime(receipt.starts_at)}`,
    left,
    y + 4,
    10.5,
    contentWidth,
  );
  y += 28;

  const issuerX = left + contentWidth * 0.45;
  const issuerWidth = contentWidth * 0.55;
  doc.fillColor(MUTED);
  write(t('receipt_issuer'), issuerX, y, 9.5, issuerWidth);
  doc.fillColor(INK);
  y = write(receipt.issuer.name, issuerX, y + 14, 12, issuerWidth);
  if (receipt.issuer.registration_number) {
    write(
      `${t('receipt_registration_number')}: ${receipt.issuer.registration_number}`,
      issuerX,
      y + 4,
      10.5,
      issuerWidth,
    );
  }

  return finish();
}
