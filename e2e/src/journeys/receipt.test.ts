import { readFile } from 'node:fs/promises';
import { describe, expect, openPage, skipBrowserSuites, test } from '../fixtures.ts';
import { pdfText } from '../pdf-text.ts';
import { text } from '../texts.ts';
import { prepareReservation } from '../prepare-reservation.ts';
import { checkScreen, tokyoDate } from './steps.ts';

/**
 * Issue 9, the receipt (ADR 023): after a purchase in Japanese (made over HTTP: the purchase screens are the
 * purchase journeys' subject, ADR 053), the visitor opens the receipt from the
 * ticket page, types the addressee, sees the printable receipt, downloads its PDF (which holds the
 * reservation number, the total and Japanese text), then issues it again and sees it marked 再発行;
 * axe clean on the receipt screen before and after issuing.
 */
describe.skipIf(skipBrowserSuites)('the receipt', () => {
  test('in Japanese: issue to an addressee, the printable sheet, the PDF, then a re-issue', async ({
    page,
  }) => {
    const lang = 'ja';
    const screens: string[] = [];
    const reservation = await prepareReservation({
      site: 'BORDERLESS',
      lang,
      date: tokyoDate(1),
      tickets: 2,
    });
    const number = reservation.reservationNumber;
    await openPage(page, reservation.ticketPath);
    await page.waitForURL(/#\/id\/[^/]+$/);

    await page.getByRole('link', { name: text(lang, 'screen_receipt_title') }).click();
    await page.waitForURL(/#\/id\/[^/]+\/receipt/);
    const issueButton = page.getByRole('button', { name: text(lang, 'receipt_issue_button') });
    await expect.poll(() => issueButton.isVisible()).toBe(true);
    await checkScreen(page, screens, 'receipt');

    await page.getByLabel(text(lang, 'receipt_addressee'), { exact: false }).fill('株式会社キップ');
    await issueButton.click();
    const sheet = page.getByRole('article', { name: text(lang, 'receipt_title') });
    await expect.poll(() => sheet.isVisible()).toBe(true);
    const sheetText = await sheet.innerText();
    expect(sheetText).toContain(text(lang, 'receipt_addressee_line', { addressee: '株式会社キップ' }));
    expect(sheetText).toContain(number);
    expect(sheetText).toMatch(/T\d{13}/);
    expect(sheetText).not.toContain(text(lang, 'receipt_reissued'));
    const total = (await sheet.locator('.receipt-paper__total strong').innerText()).trim();
    // The amount box writes the full-width yen sign, as Japanese receipts do (issue 32 item 27).
    expect(total).toMatch(/^￥[\d,]+$/);
    await checkScreen(page, screens, 'receipt-issued');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: text(lang, 'receipt_download_pdf') }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^receipt-R\d{8}\.pdf$/);
    const pdf = await pdfText(await readFile(await download.path()));
    expect(pdf).toContain(text(lang, 'receipt_title'));
    expect(pdf).toContain(number);
    expect(pdf).toContain(total);
    expect(pdf).toContain('株式会社キップ 様');

    // Issuing again is a re-issue, marked on the sheet.
    await page.getByRole('button', { name: text(lang, 'receipt_reissue_button') }).click();
    await expect.poll(() => sheet.innerText()).toContain(text(lang, 'receipt_reissued'));
    expect(screens).toEqual(['receipt', 'receipt-issued']);
  });
});
