import type { LangCode, SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { readPrintLogo } from './print-logo.ts';
import { readReceipt } from './receipt-document.ts';

/**
 * GET /receipts/{token}/pdf: the receipt as last issued, as a PDF in `lang`. Downloading never
 * issues (a download of the same paper is not a re-issue); before the first issue there is nothing to
 * print: record not found.
 */
export async function issuedReceiptPdf(
  db: Db,
  site: SiteCode,
  reservationToken: string,
  lang: LangCode,
): Promise<{ filename: string; content: Buffer }> {
  const receipt = await readReceipt(db, site, reservationToken, lang);
  if (!receipt.issue) throw new AppError('record_not_found');
  // Loaded on the first download, not at start: pdfkit and fontkit hold about 27 MB (issue 12).
  const { renderReceiptPdf } = await import('./receipt-pdf.ts');
  return {
    filename: `receipt-${receipt.issue.receipt_number}.pdf`,
    content: await renderReceiptPdf(receipt, await readPrintLogo(db, site, lang)),
  };
}
