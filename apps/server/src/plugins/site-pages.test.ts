import { describe, expect, it } from 'vitest';
import type { LangCode, SiteCode } from '@kippu/contract';
import { createSitePages, type PageBootData } from './site-pages.ts';

const INDEX = '<html lang="ja"><head><title>Kippu</title></head><body><div id="root"></div></body></html>';

/** Pages over a boot loader that counts its loads: each load is one more kept page. */
function pagesOf(followBrowser: boolean) {
  const loads: string[] = [];
  const pageOf = createSitePages(INDEX, async (_site, requested, browser = []) => {
    loads.push(`${requested ?? ''}|${browser.join(',')}`);
    const boot: PageBootData = {
      lang: requested === 'en' ? 'en' : ((browser[0] ?? 'ja') as LangCode),
      configuration: { settings: { language: { followBrowser } } },
    };
    return boot;
  });
  return { pageOf, loads };
}
const SITE = 'LAB_EXHIBITION' as SiteCode;

describe('site pages keyed by the browser’s languages only where the site follows them (review finding 15)', () => {
  it('keeps one page for any Accept-Language on a site that does not follow the browser', async () => {
    const { pageOf, loads } = pagesOf(false);
    const first = await pageOf(SITE, undefined, ['zh-hans', 'en']);
    const second = await pageOf(SITE, undefined, ['en', 'zh-hans']);
    const third = await pageOf(SITE, undefined, ['th']);
    expect(loads).toEqual(['|']);
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(first.followsBrowser).toBe(false);
  });

  it('keeps a page per browser list on a following site, and says so for Vary', async () => {
    const { pageOf, loads } = pagesOf(true);
    const chinese = await pageOf(SITE, undefined, ['zh-hans', 'en']);
    const english = await pageOf(SITE, undefined, ['en', 'zh-hans']);
    expect(chinese.html.toString()).not.toBe(english.html.toString());
    expect(chinese.followsBrowser).toBe(true);
    expect(await pageOf(SITE, 'en', ['zh-hans'])).toMatchObject({ followsBrowser: true });
    expect(loads).toEqual(['|', '|zh-hans,en', '|en,zh-hans', 'en|']);
  });
});
