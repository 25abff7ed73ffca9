import type { PrintLogo } from './print-logo.ts';
import { PAGE_MARGIN, type ReceiptPage } from './receipt-pdf-page.ts';

/** The logo sits in the top margin, left: above the centred title and clear of the re-issue mark. */
const TOP = 20;
const HEIGHT = 28;
const MAX_WIDTH = 150;

/** The web's mark (site-logo.tsx, a 32-unit square) in pdfkit's drawing calls. */
function drawMark(doc: PDFKit.PDFDocument, logo: Extract<PrintLogo, { kind: 'drawn' }>) {
  const { base, accent } = logo.colours;
  switch (logo.shape) {
    case 'museum':
      doc.roundedRect(1, 1, 30, 30, 3).fill(base);
      doc.roundedRect(1, 25, 30, 6, 1.5).fill(accent);
      break;
    case 'garden':
      doc.circle(16, 16, 15).fill(base);
      doc.path('M22 2.6a15 15 0 0 1 7.4 7.4 9 9 0 0 1-7.4-7.4z').fill(accent);
      break;
    case 'cafe':
      doc.circle(16, 16, 15).fill(accent);
      doc.circle(16, 16, 12.5).fill(base);
      break;
    case 'art':
      doc.roundedRect(1, 1, 30, 30, 8).fill(base);
      doc.path('M31 20v3a8 8 0 0 1-8 8h-3a11 11 0 0 1 11-11z').fill(accent);
      break;
  }
}

/** Draws the site's print logo at the top left of the page (issue 32 item 1); nothing for null. */
export function drawPrintLogo(page: ReceiptPage, logo: PrintLogo | null): void {
  if (!logo) return;
  const { doc, left, write } = page;
  if (logo.kind === 'image') {
    doc.image(logo.bytes, left, TOP, { fit: [MAX_WIDTH, HEIGHT], valign: 'center' });
    return;
  }
  const scale = HEIGHT / 32;
  doc.save().translate(left, TOP).scale(scale);
  drawMark(doc, logo);
  doc.restore();
  const size = logo.letters.length > 1 ? 13 * scale : 16 * scale;
  const centre = TOP + (logo.shape === 'museum' ? 13.5 : 16) * scale;
  doc.fillColor(logo.colours.letters);
  write(logo.letters, left, centre - size * 0.72, size, HEIGHT, 'center');
  doc.fillColor('#1a1a1a');
  write(logo.name, left + HEIGHT + 6, TOP + HEIGHT / 2 - 7, 10, MAX_WIDTH - HEIGHT);
  // Text calls move pdfkit's cursor; the receipt lays out from explicit positions below the margin.
  doc.y = PAGE_MARGIN;
}
