import PDFDocument from 'pdfkit';
import type { LangCode } from '@kippu/contract';
import { exactTextLayer } from './receipt-text-layer.ts';
import { receiptFont, receiptFontOrder, textRuns, type ReceiptFont } from './receipt-fonts.ts';

export const PAGE_MARGIN = 56;
export const INK = '#1a1a1a';
export const MUTED = '#555555';
export const RULE = '#999999';

export type Align = 'left' | 'right' | 'center';

/** An A4 page in the receipt's typefaces: what the receipt and the return note (ADR 023, 076) both draw with. */
export interface ReceiptPage {
  doc: PDFKit.PDFDocument;
  left: number;
  contentWidth: number;
  /** Writes one line (or wrapping paragraph) at (x, y), switching faces where the script needs it; answers y after. */
  write(text: string, x: number, y: number, size: number, width: number, align?: Align): number;
  /** A horizontal rule across the content at y. */
  rule(y: number, color?: string): void;
  /** Ends the document and answers its bytes. */
  finish(): Promise<Buffer>;
}

/** Starts an A4 document for `lang` with its metadata. Only glyphs used are embedded (subset Noto Sans). */
export function receiptPage(
  lang: LangCode,
  info: { Title: string; Author: string; Subject: string },
): ReceiptPage {
  const order = receiptFontOrder(lang);
  const doc = new PDFDocument({ size: 'A4', margin: PAGE_MARGIN, info });
  const registered = new Set<ReceiptFont>();
  const useFont = (font: ReceiptFont) => {
    if (!registered.has(font)) {
      doc.registerFont(font, receiptFont(font).data);
      registered.add(font);
    }
    doc.font(font);
    // pdfkit's current font object: its text layer is made exact once (Thai vowels, receipt-text-layer.ts).
    exactTextLayer((doc as unknown as { _font: unknown })._font);
  };
  const contentWidth = doc.page.width - PAGE_MARGIN * 2;
  const left = PAGE_MARGIN;
  return {
    doc,
    left,
    contentWidth,
    write: (text, x, y, size, width, align = 'left') => {
      doc.fontSize(size);
      const runs = textRuns(text, order);
      runs.forEach((run, index) => {
        useFont(run.font);
        const options = { width, align, continued: index < runs.length - 1 };
        if (index === 0) doc.text(run.text, x, y, options);
        else doc.text(run.text, options);
      });
      return doc.y;
    },
    rule: (y, color = RULE) => {
      doc
        .moveTo(left, y)
        .lineTo(left + contentWidth, y)
        .lineWidth(0.7)
        .strokeColor(color)
        .stroke();
    },
    finish: () =>
      new Promise((resolve, reject) => {
        const chunks: Buffer[] = [];
        doc.on('data', (chunk: Buffer) => chunks.push(chunk));
        doc.on('end', () => resolve(Buffer.concat(chunks)));
        doc.on('error', reject);
        doc.end();
      }),
  };
}
