import { createHash } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, xsrfHeaders } from '../../../test/helper.ts';
import { productWithSlot, SITE_PATH } from '../../../test/order-support.ts';
import { payWithCard, readyOrder } from '../../../test/checkout-support.ts';

const ctx = setupTestApp();
// DEMO's seeded name (ja) and monogram of "Kippu Demo Exhibition".
const SITE_NAME = 'キップ デモ展覧会';
const LETTERS = 'DE';
// A 1×1 PNG: what staff could upload as images.printLogo.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function pdfText(body: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(body));
  try {
    return (await extractText(document, { mergePages: true })).text;
  } finally {
    await document.destroy();
  }
}

const setSettings = (path: string, value: unknown) =>
  ctx.db
    .execute(sql`UPDATE sites SET settings = jsonb_set(settings, ${`{${path}}`}::text[], ${JSON.stringify(value)}::jsonb)
                     WHERE code = 'DEMO'`);

describe('the print logo on the receipt PDF (issue 32 item 1)', () => {
  let token: string;
  const download = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/receipts/${token}/pdf?lang=ja` });
    expect(res.statusCode).toBe(200);
    return { raw: res.rawPayload.toString('latin1'), text: await pdfText(res.rawPayload) };
  };

  beforeAll(async () => {
    const slot = await productWithSlot(ctx.db, 10, { prices: [3150] });
    const order = await readyOrder(ctx.app, ctx.db, slot, 1, 'print-logo@example.jp');
    token = (await payWithCard(ctx.app, order.token)).json<{ reservation_token: string }>().reservation_token;
    const issued = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/receipts/${token}?lang=ja`,
      headers: xsrfHeaders(),
      payload: { addressee: '株式会社キップ' },
    });
    expect(issued.statusCode).toBe(200);
  });

  it('printLogo on, no upload: the drawn mark and the site name above the title', async () => {
    const { text, raw } = await download();
    const title = text.indexOf('領収書');
    expect(text.slice(0, title)).toContain(LETTERS);
    expect(text.slice(0, title)).toContain(SITE_NAME);
    expect(raw).not.toContain('/Subtype /Image');
  });

  it('an uploaded PNG (images.printLogo) is printed instead of the drawn mark', async () => {
    const sha256 = createHash('sha256').update(PNG).digest('hex');
    await ctx.db.execute(sql`
      INSERT INTO site_images (sha256, mime, content, byte_size, width, height, site_code)
      VALUES (${sha256}, 'image/png', ${PNG.toString('base64')}, ${PNG.length}, 1, 1, 'DEMO')
      ON CONFLICT (sha256) DO NOTHING`);
    await setSettings('images', {
      headerLogoBlack: null,
      headerLogoWhite: null,
      printLogo: `/site-images/${sha256}.png`,
    });
    const { text, raw } = await download();
    expect(raw).toContain('/Subtype /Image');
    expect(text.slice(0, text.indexOf('領収書'))).not.toContain(SITE_NAME);
  });

  it('printLogo off: no logo at all (the site name only as the issuer, at the foot)', async () => {
    await setSettings('printLogo', false);
    const { text, raw } = await download();
    expect(raw).not.toContain('/Subtype /Image');
    const title = text.indexOf('領収書');
    expect(text.slice(0, title)).not.toContain(SITE_NAME);
    expect(text.slice(0, title)).not.toContain(LETTERS);
    expect(text.slice(title)).toContain(SITE_NAME);
  });
});
