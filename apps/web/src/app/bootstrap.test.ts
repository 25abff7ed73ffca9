import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberedLanguageCookie } from '@kippu/contract/remembered-language';
import { rememberedLanguage } from '../shared/i18n/remembered-language.ts';
import { useCoreStore } from '../shared/stores/core-store.ts';
import { BOOT_DATA_ELEMENT_ID } from '../shared/site/boot-data.ts';
import { bootstrap } from './bootstrap.ts';

const langs = [
  { id: 1, code: 'en', display_name: 'English', display_position: 1, is_default: true },
  { id: 2, code: 'ja', display_name: '日本語', display_position: 2, is_default: false },
] as const;

function putBootData(data: unknown) {
  const script = document.createElement('script');
  script.id = BOOT_DATA_ELEMENT_ID;
  script.type = 'application/json';
  script.textContent = JSON.stringify(data);
  document.head.append(script);
}

describe('bootstrap with the data the server put into the page (issue 12)', () => {
  const fetchSpy = vi.fn(async () => new Response('[]', { status: 200 }));
  afterEach(() => {
    document.getElementById(BOOT_DATA_ELEMENT_ID)?.remove();
    vi.unstubAllGlobals();
    fetchSpy.mockClear();
    useCoreStore.setState(useCoreStore.getInitialState(), true);
    document.cookie = `${rememberedLanguageCookie('BORDERLESS')}=; path=/; max-age=0`;
  });

  it("starts in the default language with the page's configuration, asking only for the texts it preloads", async () => {
    const texts = vi.fn(
      async () => new Response(JSON.stringify([{ key: 'common_loading', text: 'Loading…' }])),
    );
    vi.stubGlobal('fetch', texts);
    const configuration = { siteCode: 'BORDERLESS', environment: 'development', mode: null, settings: {} };
    putBootData({ lang: 'en', configuration, langs });
    const { i18n, boot } = await bootstrap();
    // The page's own language: the URL of the page's preload (apps/server/src/plugins/site-pages.ts).
    expect(texts).toHaveBeenCalledOnce();
    expect(String((texts.mock.calls[0] as unknown[])[0])).toMatch(/\/api\/v1\/texts\?lang=en$/);
    expect(i18n.language).toBe('en');
    expect(i18n.t('common_loading')).toBe('Loading…');
    expect(boot?.configuration).toEqual(configuration);
    expect(useCoreStore.getState()).toMatchObject({ langCode: 'en', defaultLangCode: 'en', configuration });
    expect(useCoreStore.getState().languages).toHaveLength(2);
  });

  it("fetches the texts when the visitor's language is not the page's", async () => {
    vi.stubGlobal('fetch', fetchSpy);
    useCoreStore.getState().set({ langCode: 'ja' });
    putBootData({ lang: 'en', configuration: { siteCode: 'BORDERLESS' }, langs });
    const { i18n } = await bootstrap();
    expect(i18n.language).toBe('ja');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String((fetchSpy.mock.calls[0] as unknown[])[0])).toContain('texts?lang=ja');
  });

  it('asks the API when the page has no data', async () => {
    vi.stubGlobal('fetch', fetchSpy);
    const { boot } = await bootstrap();
    expect(boot).toBeNull();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('tells the server the language it starts in, for the next page (ADR 041)', async () => {
    vi.stubGlobal('fetch', fetchSpy);
    putBootData({ lang: 'en', configuration: { siteCode: 'BORDERLESS' }, langs });
    await bootstrap();
    expect(rememberedLanguage('BORDERLESS')).toBe('en');
  });

  it('goes on in the language this browser last used on the site when the tab has none (ADR 041)', async () => {
    vi.stubGlobal('fetch', fetchSpy);
    document.cookie = `${rememberedLanguageCookie('BORDERLESS')}=ja; path=/`;
    // The server drew the page in the remembered language, and preloads its texts.
    putBootData({ lang: 'ja', configuration: { siteCode: 'BORDERLESS' }, langs });
    const { i18n } = await bootstrap();
    expect(i18n.language).toBe('ja');
    expect(String((fetchSpy.mock.calls[0] as unknown[])[0])).toContain('texts?lang=ja');
    expect(useCoreStore.getState()).toMatchObject({ langCode: 'ja', defaultLangCode: 'en' });
  });

  it("keeps the tab's own language over the remembered one", async () => {
    vi.stubGlobal('fetch', fetchSpy);
    useCoreStore.getState().set({ langCode: 'en' });
    document.cookie = `${rememberedLanguageCookie('BORDERLESS')}=ja; path=/`;
    putBootData({ lang: 'ja', configuration: { siteCode: 'BORDERLESS' }, langs });
    const { i18n } = await bootstrap();
    expect(i18n.language).toBe('en');
    expect(rememberedLanguage('BORDERLESS')).toBe('en');
  });

  it('starts in the default language when the page was not drawn in the remembered one', async () => {
    vi.stubGlobal('fetch', fetchSpy);
    // A language the site no longer offers: the server drew its default.
    document.cookie = `${rememberedLanguageCookie('BORDERLESS')}=th; path=/`;
    putBootData({ lang: 'en', configuration: { siteCode: 'BORDERLESS' }, langs });
    const { i18n } = await bootstrap();
    expect(i18n.language).toBe('en');
    expect(rememberedLanguage('BORDERLESS')).toBe('en');
  });

  it('starts, and mends the cookie, when the cookie names no language (anything on the host may write one)', async () => {
    vi.stubGlobal('fetch', fetchSpy);
    document.cookie = `${rememberedLanguageCookie('BORDERLESS')}=%E0%A4%A; path=/`;
    putBootData({ lang: 'en', configuration: { siteCode: 'BORDERLESS' }, langs });
    const { i18n } = await bootstrap();
    expect(i18n.language).toBe('en');
    expect(rememberedLanguage('BORDERLESS')).toBe('en');
  });
});
