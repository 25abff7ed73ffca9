import type { LangCode } from '@kippu/contract';
import { describe, expect, expectNoAxeViolations, openPage, skipBrowserSuites, test } from './fixtures.ts';
import { PHONE, saveScreenshot } from './screenshots.ts';
import { text } from './texts.ts';

/** Mode `demo` (spec §1; issue 32, item 9; ADR 105): the DEMO site says it takes no real payments; others do not. */
describe.skipIf(skipBrowserSuites)('the demo banner', () => {
  test.for(['ja', 'th'] as const)(
    'DEMO in %s says so above the header',
    async (lang: LangCode, { newPage }) => {
      const page = await newPage({ ...PHONE, viewport: { width: 390, height: 844 } });
      await openPage(page, `/demo/?lang=${lang}`);
      const banner = page.getByRole('note').filter({ hasText: text(lang, 'demo_banner_text') });
      await banner.waitFor();
      const [bannerBox, headerBox] = [
        await banner.boundingBox(),
        await page.getByRole('banner').boundingBox(),
      ];
      expect(bannerBox!.y).toBeLessThan(headerBox!.y);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `demo-banner/${lang}`, { wholePage: false });
    },
  );

  test('BORDERLESS (no mode) shows none', async ({ page }) => {
    await openPage(page, '/borderless/');
    await page.waitForTimeout(1_000);
    expect(await page.getByTestId('demo-banner').count()).toBe(0);
  });
});
