import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { ReceiptResponse } from '@kippu/contract';
import { receiptText } from './receipt-texts.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';
import { glyphTexts } from './receipt-text-layer.ts';

async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  try {
    return (await extractText(document, { mergePages: true })).text;
  } finally {
    await document.destroy();
  }
}

// A Thai company name ("... Co., Ltd." is จำกัด): its SARA AM is shaped into NIKHAHIT + SARA AA glyphs
// before any plain SARA AA of the document is drawn (a Monday: the date's weekday has no า).
const thaiReceipt: ReceiptResponse = {
  reservation_number: 'R00000042',
  lang: 'th',
  currency: 'JPY',
  issuer: { name: 'พิพิธภัณฑ์ศิลปะ', registration_number: 'T1234567890123' },
  product_name: 'นิทรรศการสวนยามค่ำคืน',
  starts_at: '2026-11-30T09:00:00.000Z',
  items: [{ name: 'ผู้ใหญ่', unit_price: 1000, quantity: 2, amount: 2000 }],
  subtotal: 2000,
  discount: 0,
  total: 2000,
  taxes: [{ rate_percent: 10, amount: 2000, tax: 181 }],
  issue: {
    receipt_number: 'N00000007',
    addressee: 'บริษัท ทองคำ จำกัด',
    issued_at: '2026-11-30T03:00:00.000Z',
    reissue_count: 0,
  },
};

describe('the receipt PDF text layer (issue 32: Thai vowels)', () => {
  it('copies Thai exactly: SARA AM, SARA AA, tone marks and upper vowels, whatever was drawn first', async () => {
    const text = await pdfText(await renderReceiptPdf(thaiReceipt));
    expect(text).toContain(receiptText('th', 'receipt_addressee_line', { addressee: 'บริษัท ทองคำ จำกัด' }));
    expect(text).toContain('นิทรรศการสวนยามค่ำคืน');
    expect(text).toContain(receiptText('th', 'receipt_received'));
    expect(text).toContain(receiptText('th', 'receipt_amount'));
    expect(text).toContain(receiptText('th', 'receipt_unit_price'));
    expect(text).toContain('ผู้ใหญ่');
    expect(text).toContain('พิพิธภัณฑ์ศิลปะ');
    // Nothing doubled (ำา) and no stray code.
    expect(text).not.toMatch(/\u0e33\u0e32/u);
    expect([...text].filter((char) => char.codePointAt(0)! < 0x09 || char === '\u2060')).toEqual([]);
  });

  it('a character shaped into several glyphs gives its text to the last, the marks before it to nothing', () => {
    // จ, NIKHAHIT carrying ำ, SARA AA carrying nothing (fontkit's decomposition), น
    expect(
      glyphTexts([
        { codePoints: [0xe08] },
        { codePoints: [0xe33] },
        { codePoints: [] },
        { codePoints: [0xe19] },
      ]),
    ).toEqual([[0xe08], [0x2060], [0xe33], [0xe19]]);
  });
});
