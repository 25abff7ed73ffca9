import {
  describe,
  expectHtmlLang,
  expectNoAxeViolations,
  openPage,
  skipBrowserSuites,
  test,
} from './fixtures.ts';
import { PHONE, expectNoHorizontalOverflow, saveScreenshot } from './screenshots.ts';

const SCREENS = [
  { name: '/borderless/ in Japanese', path: '/borderless/', lang: 'ja', file: 'borderless-ja-375' },
  {
    name: '/lab-exhibition/ in English',
    path: '/lab-exhibition/?lang=en',
    lang: 'en',
    file: 'lab-exhibition-en-375',
  },
];

describe.skipIf(skipBrowserSuites)('phone-width screenshots', () => {
  test.for(SCREENS)('$name', async ({ path, lang, file }, { newPage }) => {
    const page = await newPage(PHONE);
    await openPage(page, path);
    await expectHtmlLang(page, lang);
    await page.getByTestId('language-picker').waitFor({ state: 'visible' });
    await expectNoHorizontalOverflow(page);
    await saveScreenshot(page, file);
    await expectNoAxeViolations(page);
  });
});
