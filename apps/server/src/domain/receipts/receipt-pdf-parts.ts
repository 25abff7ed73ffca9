import { formatDate, formatPrice, formatTime, type LangCode, type ReturnNoteResponse } from '@kippu/contract';
import type { PrintLogo } from './print-logo.ts';
import { drawPrintLogo } from './receipt-pdf-logo.ts';
import { INK, MUTED, PAGE_MARGIN, receiptPage, type ReceiptPage } from './receipt-pdf-page.ts';
import { receiptText, type ReceiptTextKey } from './receipt-texts.ts';

/** A receipt page with the document's texts and money in its language: what the receipt and the return note draw with. */
export interface ReceiptSheet extends ReceiptPage {
  lang: LangCode;
  t(key: ReceiptTextKey, params?: Record<string, string | number>): string;
  price(amount: number): string;
  /** The amount as a symbol (￥6,300; JP¥ in Chinese), as the amount box writes it (issue 32 item 27). */
  symbolPrice(amount: number): string;
}

/** What the receipt and the return note both show (their fields have the same shape). */
type Shared = Pick<
  ReturnNoteResponse,
  'lang' | 'currency' | 'reservation_number' | 'product_name' | 'starts_at' | 'issuer'
>;

/**
 * Starts the document (ADR 023, 076), draws the site's print logo in the top margin and writes its title
 * centred at the top; the caller goes on from PAGE_MARGIN + 48 (the receipt first draws its re-issue mark
 * beside the title).
 */
export function startReceiptSheet(
  document: Shared,
  title: { key: ReceiptTextKey; number: string },
  logo: PrintLogo | null = null,
): ReceiptSheet {
  const { lang } = document;
  const t = (key: ReceiptTextKey, params?: Record<string, string | number>) => receiptText(lang, key, params);
  const page = receiptPage(lang, {
    Title: `${t(title.key)} ${title.number}`,
    Author: document.issuer.name,
    Subject: `${t('receipt_reservation_number')} ${document.reservation_number}`,
  });
  // The site's print logo first: it reads before the title (issue 32 item 1).
  drawPrintLogo(page, logo);
  page.doc.fillColor(INK);
  page.write(t(title.key), page.left, PAGE_MARGIN, 24, page.contentWidth, 'center');
  return {
    ...page,
    lang,
    t,
    price: (amount) => formatPrice(amount, lang, document.currency),
    symbolPrice: (amount) => formatPrice(amount, lang, document.currency, 'symbol'),
  };
}

/**
 * The document's number, its date and any further reference, each right-aligned under the title in the
 * muted colour; answers nothing (the caller knows how many lines it gave).
 */
export function writeReferences(
  sheet: ReceiptSheet,
  y: number,
  number: { key: ReceiptTextKey; value: string },
  issuedAt: string,
  more: string[] = [],
): void {
  const { doc, left, contentWidth, write, t, lang } = sheet;
  const lines = [
    `${t(number.key)}: ${number.value}`,
    `${t('receipt_issue_date')}: ${formatDate(issuedAt, lang)}`,
    ...more,
  ];
  doc.fillColor(MUTED);
  lines.forEach((line, index) => write(line, left, y + index * 14, 9.5, contentWidth, 'right'));
  doc.fillColor(INK);
}

/** The grey box with the document's amount (received, or given back); answers y below it. */
export function writeAmountBox(
  sheet: ReceiptSheet,
  y: number,
  label: ReceiptTextKey,
  amount: number,
): number {
  const { doc, left, contentWidth, write } = sheet;
  doc.rect(left, y, contentWidth, 46).fillColor('#f2f2f2').fill();
  doc.fillColor(INK);
  write(sheet.t(label), left + 14, y + 15, 12, contentWidth / 2);
  write(sheet.symbolPrice(amount), left + contentWidth / 2, y + 10, 20, contentWidth / 2 - 14, 'right');
  return y + 58;
}

/** One line per tax rate: the amount at that rate and the tax it contains; answers y below them. */
export function writeTaxLines(sheet: ReceiptSheet, y: number, taxes: ReturnNoteResponse['taxes']): number {
  let at = y;
  for (const tax of taxes) {
    const line = sheet.t('receipt_tax_line', {
      rate: tax.rate_percent,
      amount: sheet.price(tax.amount),
      tax: sheet.price(tax.tax),
    });
    at = sheet.write(line, sheet.left, at, 10.5, sheet.contentWidth) + 2;
  }
  return at;
}

/** The foot of the document: the reservation and its visit, then the issuer with its registration number. */
export function writeVisitAndIssuer(sheet: ReceiptSheet, y: number, document: Shared): void {
  const { doc, left, contentWidth, write, t, lang } = sheet;
  let at = write(
    `${t('receipt_reservation_number')}: ${document.reservation_number}`,
    left,
    y,
    10.5,
    contentWidth,
  );
  at = write(document.product_name, left, at + 4, 10.5, contentWidth);
  const visit = `${t('receipt_visit')}: ${formatDate(document.starts_at, lang)} ${formatTime(document.starts_at)}`;
  at = write(visit, left, at + 4, 10.5, contentWidth) + 28;

  const issuerX = left + contentWidth * 0.45;
  const issuerWidth = contentWidth * 0.55;
  doc.fillColor(MUTED);
  write(t('receipt_issuer'), issuerX, at, 9.5, issuerWidth);
  doc.fillColor(INK);
  at = write(document.issuer.name, issuerX, at + 14, 12, issuerWidth);
  if (document.issuer.registration_number) {
    const registration = `${t('receipt_registration_number')}: ${document.issuer.registration_number}`;
    write(registration, issuerX, at + 4, 10.5, issuerWidth);
  }
}
