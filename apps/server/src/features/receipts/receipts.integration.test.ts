import { extractText, getDocumentProxy } from 'unpdf';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReceiptResponse } from '@kippu/contract';
import { createCoupon } from '../../../test/factories.ts';
import { setupTestApp, visitorAddress, xsrfHeaders } from '../../../test/helper.ts';
import { productWithSlot, SITE_PATH } from '../../../test/order-support.ts';
import { payWithCard, readyOrder } from '../../../test/checkout-support.ts';

const ctx = setupTestApp();

type Reserved = { reservation_token: string; reservation_number: string };

/** A paid reservation of two tickets at 3,150 yen: 6,300 yen, of which floor(6300 × 10 / 110) = 572 tax. */
async function purchase(email: string): Promise<Reserved> {
  const slot = await productWithSlot(ctx.db, 10, { prices: [3150] });
  const order = await readyOrder(ctx.app, ctx.db, slot, 2, email);
  return (await payWithCard(ctx.app, order.token)).json<Reserved>();
}

const receiptUrl = (token: string, lang = 'ja', site = SITE_PATH) => `${site}/receipts/${token}?lang=${lang}`;
const get = (token: string, lang = 'ja') => ctx.app.inject({ method: 'GET', url: receiptUrl(token, lang) });
const issue = (token: string, addressee: unknown, lang = 'ja') =>
  ctx.app.inject({
    method: 'POST',
    url: receiptUrl(token, lang),
    headers: xsrfHeaders(),
    payload: { addressee },
  });
const pdf = (token: string, lang = 'ja') =>
  ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/receipts/${token}/pdf?lang=${lang}` });

async function pdfText(body: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(body));
  try {
    return (await extractText(document, { mergePages: true })).text;
  } finally {
    await document.destroy();
  }
}

describe('receipts', () => {
  let reserved: Reserved;
  beforeAll(async () => {
    reserved = await purchase('receipt@example.jp');
  });

  it('before the first issue: the items, totals and tax per rate, the issuer and no issue', async () => {
    const res = await get(reserved.reservation_token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const receipt = res.json<ReceiptResponse>();
    expect(receipt).toMatchObject({
      reservation_number: reserved.reservation_number,
      lang: 'ja',
      currency: 'JPY',
      // DEMO's seeded issuer (site definitions): the venue's name and its demo registration number.
      issuer: { name: 'キップ デモ展覧会', registration_number: 'T4010001000003' },
      product_name: 'Fixture product (ja)',
      items: [{ name: 'Ticket 0 (ja)', unit_price: 3150, quantity: 2, amount: 6300 }],
      subtotal: 6300,
      discount: 0,
      total: 6300,
      taxes: [{ rate_percent: 10, amount: 6300, tax: 572 }],
      issue: null,
    });
    // The issuer speaks the asked language.
    expect((await get(reserved.reservation_token, 'en')).json<ReceiptResponse>().issuer.name).toBe(
      'Kippu Demo Exhibition',
    );
  });

  it('the first issue is the original; its PDF parses with the reservation number, totals and Japanese text', async () => {
    const res = await issue(reserved.reservation_token, '  株式会社キップ 経理部  ');
    expect(res.statusCode).toBe(200);
    const receipt = res.json<ReceiptResponse>();
    expect(receipt.issue).toMatchObject({ addressee: '株式会社キップ 経理部', reissue_count: 0 });
    expect(receipt.issue!.receipt_number).toMatch(/^R\d{8}$/);
    // Reading again does not issue.
    expect((await get(reserved.reservation_token)).json<ReceiptResponse>().issue).toEqual(receipt.issue);

    const file = await pdf(reserved.reservation_token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="receipt-${receipt.issue!.receipt_number}.pdf"`,
    );
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(file.rawPayload);
    expect(text).toContain('領収書');
    expect(text).toContain(reserved.reservation_number);
    expect(text).toContain(receipt.issue!.receipt_number);
    expect(text).toContain('株式会社キップ 経理部 様');
    expect(text).toContain('6,300円');
    expect(text).toContain('10%対象 6,300円（うち消費税 572円）');
    expect(text).toContain('T4010001000003');
    expect(text).not.toContain('再発行');
    // Only the used glyphs are embedded: the Japanese face alone is over 5 MB.
    expect(file.rawPayload.length).toBeLessThan(400_000);
    // Downloading is not issuing.
    expect((await get(reserved.reservation_token)).json<ReceiptResponse>().issue!.reissue_count).toBe(0);
  });

  it('a later issue is a re-issue, counted, marked on the paper and recorded', async () => {
    const res = await issue(reserved.reservation_token, 'Kippu Inc.', 'en');
    expect(res.json<ReceiptResponse>().issue).toMatchObject({ addressee: 'Kippu Inc.', reissue_count: 1 });
    const ja = await pdfText((await pdf(reserved.reservation_token)).rawPayload);
    expect(ja).toContain('再発行');
    expect(ja).toContain('Kippu Inc. 様');
    const en = await pdfText((await pdf(reserved.reservation_token, 'en')).rawPayload);
    expect(en).toContain('Reissued');
    expect(en).toContain('To: Kippu Inc.');
    expect(en).toContain('¥6,300');
    const { rows } = await ctx.db.execute<{ addressee: string; reissue_count: number }>(sql`
      SELECT ri.addressee, ri.reissue_count FROM receipt_issues ri
      JOIN reservations r ON r.id = ri.reservation_id WHERE r.reservation_token = ${reserved.reservation_token}`);
    expect(rows).toEqual([{ addressee: 'Kippu Inc.', reissue_count: 1 }]);
  });

  it('renders every language with its own script', async () => {
    const expected = { kr: '영수증', 'zh-hans': '收据', 'zh-hant': '收據', th: 'ใบเสร็จรับเงิน' } as const;
    for (const [lang, title] of Object.entries(expected)) {
      const text = await pdfText((await pdf(reserved.reservation_token, lang)).rawPayload);
      expect(text).toContain(title);
      expect(text).toContain(reserved.reservation_number);
    }
  });

  it('a discount lowers the total the tax is taken from, once per rate', async () => {
    await createCoupon(ctx.db, { code: 'RECEIPT-10', discountType: 'percent', discountValue: 10 });
    const slot = await productWithSlot(ctx.db, 10, { prices: [3150] });
    const order = await readyOrder(ctx.app, ctx.db, slot, 2, 'receipt-coupon@example.jp');
    const applied = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/ordercoupons/${order.token}`,
      headers: xsrfHeaders(),
      remoteAddress: visitorAddress(),
      payload: { coupon_code: 'RECEIPT-10' },
    });
    expect(applied.statusCode).toBe(200);
    const paid = (await payWithCard(ctx.app, order.token)).json<Reserved>();
    expect((await issue(paid.reservation_token, 'Coupon Buyer', 'en')).json<ReceiptResponse>()).toMatchObject(
      {
        subtotal: 6300,
        discount: 630,
        total: 5670,
        // floor(5670 × 10 / 110) = floor(515.45…)
        taxes: [{ rate_percent: 10, amount: 5670, tax: 515 }],
      },
    );
    const text = await pdfText((await pdf(paid.reservation_token, 'en')).rawPayload);
    expect(text).toContain('-¥630');
    expect(text).toContain('Subject to 10% tax: ¥5,670 (consumption tax included: ¥515)');
  });

  it('concurrent issues of a fresh reservation make one original and count every re-issue', async () => {
    const fresh = await purchase('receipt-race@example.jp');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => issue(fresh.reservation_token, `Buyer ${index}`)),
    );
    const counts = answers.map((answer) => answer.json<ReceiptResponse>().issue!.reissue_count);
    expect(counts.sort()).toEqual([0, 1, 2, 3, 4, 5]);
    const numbers = new Set(answers.map((answer) => answer.json<ReceiptResponse>().issue!.receipt_number));
    expect(numbers.size).toBe(1);
  });

  it('bad input is a 400, unknown or unissued is record not found, never a 5xx', async () => {
    const token = reserved.reservation_token;
    for (const addressee of ['', '   ', 'x'.repeat(61), 'two\nlines', 'nul\u0000', 42, null]) {
      const res = await issue(token, addressee);
      expect(res.statusCode, JSON.stringify(addressee)).toBe(400);
    }
    expect((await issue(token, 'x'.repeat(60))).statusCode).toBe(200);
    expect((await get(token, 'xx')).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/receipts/${token}` })).statusCode).toBe(
      400,
    );
    expect((await get('bad%20token')).statusCode).toBe(400);
    const unknown = await get('AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'record not found' });
    expect((await issue('AAAAAAAAAAAAAAAAAAAAAA', 'Someone')).statusCode).toBe(404);
    // Another site's slug does not reach this reservation.
    const other = await ctx.app.inject({ method: 'GET', url: receiptUrl(token, 'ja', '/borderless/api/v1') });
    expect(other.statusCode).toBe(404);
    // Nothing issued yet: no PDF to download.
    const unissued = await purchase('receipt-unissued@example.jp');
    const none = await pdf(unissued.reservation_token);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ error: 'record not found' });
    // A refunded reservation acknowledges no money received.
    await ctx.db.execute(
      sql`UPDATE reservations SET status = 'refunded' WHERE reservation_token = ${unissued.reservation_token}`,
    );
    expect((await issue(unissued.reservation_token, 'Someone')).statusCode).toBe(404);
  });
});
