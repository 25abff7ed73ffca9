import { readFile } from 'node:fs/promises';
import { describe, expect, openPage, skipBrowserSuites, test } from '../fixtures.ts';
import { pdfText } from '../pdf-text.ts';
import { text } from '../texts.ts';
import { prepareReservation } from '../prepare-reservation.ts';
import { saveScreenshot } from '../screenshots.ts';
import { tokyoDate } from './steps.ts';

/**
 * Issue 32 item 1 (acceptance 2): the print preview of the ticket and of the receipt carries the site's print
 * logo (the demo sites print their drawn logo: settings.printLogo on, no upload), and the receipt's PDF
 * carries it above its title. In Thai, whose receipt PDF also has to copy intact (the SARA AM defect): the
 * addressee is a company "... จำกัด". Screenshots: e2e/screenshots/print-logo/.
 */
describe.skipIf(skipBrowserSuites)('the print logo', () => {
  test('in Thai: the ticket and the receipt print with the logo; the PDF has it and intact Thai', async ({
    page,
  }) => {
    const lang = 'th';
    const addressee = 'บริษัท ทองคำ จำกัด';
    const reservation = await prepareReservation({
      site: 'BORDERLESS',
      lang,
      date: tokyoDate(1),
      tickets: 1,
    });
    await openPage(page, reservation.ticketPath);
    await page.waitForURL(/#\/id\/[^/]+$/);
    const printButton = page.getByRole('button', { name: text(lang, 'ticket_print') });
    await expect.poll(() => printButton.isVisible()).toBe(true);

    // On screen the site header names the site; the print logo waits for paper.
    const ticketLogo = page.getByTestId('print-logo');
    expect(await ticketLogo.isVisible()).toBe(false);
    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => ticketLogo.isVisible()).toBe(true);
    expect(await page.locator('.site-header').isVisible()).toBe(false);
    expect(await printButton.isVisible()).toBe(false);
    const siteName = (await ticketLogo.getByTestId('site-logo-name').innerText()).trim();
    expect(siteName.length).toBeGreaterThan(0);
    await saveScreenshot(page, 'print-logo/th-ticket-print');
    await page.emulateMedia({ media: 'screen' });

    await page.getByRole('link', { name: text(lang, 'screen_receipt_title') }).click();
    await page.waitForURL(/#\/id\/[^/]+\/receipt/);
    const issueButton = page.getByRole('button', { name: text(lang, 'receipt_issue_button') });
    await expect.poll(() => issueButton.isVisible()).toBe(true);
    await page.getByLabel(text(lang, 'receipt_addressee'), { exact: false }).fill(addressee);
    await issueButton.click();
    const sheet = page.getByRole('article', { name: text(lang, 'receipt_title') });
    await expect.poll(() => sheet.isVisible()).toBe(true);
    // The sheet is the paper's preview: its logo shows on screen too.
    const receiptLogo = sheet.getByTestId('print-logo');
    expect(await receiptLogo.isVisible()).toBe(true);
    expect((await receiptLogo.getByTestId('site-logo-name').innerText()).trim()).toBe(siteName);
    // Thai is not letter-spaced (the title's tracking would pull marks off their consonants).
    expect(
      await sheet
        .getByRole('heading', { name: text(lang, 'receipt_title') })
        .evaluate((el) => getComputedStyle(el).letterSpacing),
    ).toBe('normal');
    await saveScreenshot(page, 'print-logo/th-receipt-screen');

    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => issueButton.isVisible()).toBe(false);
    expect(await receiptLogo.isVisible()).toBe(true);
    await saveScreenshot(page, 'print-logo/th-receipt-print');
    await page.emulateMedia({ media: 'screen' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: text(lang, 'receipt_download_pdf') }).click(),
    ]);
    const pdf = await pdfText(await readFile(await download.path()));
    const title = pdf.indexOf(text(lang, 'receipt_title'));
    expect(title).toBeGreaterThan(0);
    // The logo (the drawn mark's letters and the site's name) reads before the title.
    expect(pdf.slice(0, title)).toContain(siteName);
    expect(pdf).toContain(text(lang, 'receipt_addressee_line', { addressee }));
    expect(pdf).toContain(text(lang, 'receipt_received'));
  });
});
