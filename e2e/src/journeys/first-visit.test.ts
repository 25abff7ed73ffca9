import type { Page } from 'playwright-core';
import type { LangCode } from '@kippu/contract';
import { describe, expect, expectNoAxeViolations, openPage, skipBrowserSuites, test } from '../fixtures.ts';
import { PHONE, expectNoHorizontalOverflow, saveScreenshot } from '../screenshots.ts';
import { text } from '../texts.ts';

/** The phone of issue 32's acceptance: 390 px wide. */
const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };

/** Waits until the order screen shows (its heading), and a moment more for a guide that would open late. */
async function orderScreenSettled(page: Page, lang: LangCode): Promise<void> {
  await page.getByRole('heading', { name: text(lang, 'screen_order_title') }).waitFor();
  await page.waitForTimeout(1_500);
}

/**
 * Issue 32, acceptance 2 (items 6–8; ADR 105): on BORDERLESS, which has an app image and an app link, a first
 * visit shows the app-download modal, then the order tutorial; a second visit (a reload, another tab of
 * the same browser) shows neither. In Japanese and Thai, at 390 px, with axe on both dialogs.
 */
describe.skipIf(skipBrowserSuites)('the first visit', () => {
  test.for(['ja', 'th'] as const)(
    'in %s: the app-download modal and the tutorial once, then never again',
    { timeout: 120_000 },
    async (lang, { newPage }) => {
      const page = await newPage({ ...PHONE_390, firstVisit: true });
      await openPage(page, `/borderless/?lang=${lang}`);

      // The app-download modal: labelled, the drawn image loaded, the download link focused.
      const modal = page.getByRole('dialog', { name: text(lang, 'first_visit_app_title') });
      await modal.waitFor();
      const image = modal.getByRole('img', { name: text(lang, 'first_visit_app_image_alt') });
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
        .toBe(640);
      const download = modal.getByRole('link', { name: text(lang, 'first_visit_app_download') });
      expect(await download.getAttribute('href')).toBe('https://app.kippu.example/download');
      await expect.poll(() => download.evaluate((element) => element === document.activeElement)).toBe(true);
      await expectNoAxeViolations(page);
      await expectNoHorizontalOverflow(page);
      await saveScreenshot(page, `first-visit/${lang}-app-download`, { wholePage: false });
      // Tab stays inside; Escape closes it.
      for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
      expect(await modal.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });

      // The tutorial next: three steps, date, time, tickets.
      const tutorial = page.getByRole('dialog', { name: text(lang, 'tutorial_title') });
      await tutorial.waitFor();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `first-visit/${lang}-tutorial-1`, { wholePage: false });
      for (const [index, key] of (['date', 'time', 'tickets'] as const).entries()) {
        await tutorial.getByRole('heading', { name: text(lang, `tutorial_${key}_title`) }).waitFor();
        await tutorial
          .getByText(text(lang, 'tutorial_step_position', { current: index + 1, total: 3 }))
          .waitFor();
        const button = text(lang, index === 2 ? 'tutorial_done' : 'tutorial_next');
        if (index === 2) await saveScreenshot(page, `first-visit/${lang}-tutorial-3`, { wholePage: false });
        await tutorial.getByRole('button', { name: button, exact: true }).click();
      }
      await tutorial.waitFor({ state: 'detached' });
      // The order screen is usable: its calendar takes a click.
      await page.getByRole('main').getByRole('grid').waitFor();

      // A second visit: the reload shows neither guide...
      await page.reload();
      await orderScreenSettled(page, lang);
      expect(await page.getByRole('dialog').count()).toBe(0);
      // ...nor does another tab of the same browser.
      const secondTab = await page.context().newPage();
      await openPage(secondTab, `/borderless/?lang=${lang}`);
      await orderScreenSettled(secondTab, lang);
      expect(await secondTab.getByRole('dialog').count()).toBe(0);
      await saveScreenshot(secondTab, `first-visit/${lang}-second-visit`, { wholePage: false });
    },
  );

  test('a site without an app image shows the tutorial alone, and Skip ends it', async ({ newPage }) => {
    const page = await newPage({ ...PHONE_390, firstVisit: true });
    await openPage(page, '/lab-exhibition/?lang=th');
    const tutorial = page.getByRole('dialog', { name: text('th', 'tutorial_title') });
    await tutorial.waitFor();
    expect(await page.getByRole('dialog', { name: text('th', 'first_visit_app_title') }).count()).toBe(0);
    await tutorial.getByRole('button', { name: text('th', 'tutorial_skip'), exact: true }).click();
    await tutorial.waitFor({ state: 'detached' });
    await page.reload();
    await orderScreenSettled(page, 'th');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
