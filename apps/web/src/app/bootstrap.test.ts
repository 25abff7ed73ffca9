import { afterEach, describe, expect, it, vi } from 'vitest';
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
  });

  it('starts in the default language with the inlined texts and configuration, without a call', async () => {
    vi.stubGlobal('fetch', fetchSpy);
    const configuration = { siteCode: 'BORDERLESS', environment: 'development', mode: null, settings: {} };
    putBootData({ lang: 'en', configuration, langs, texts: { common_loading: 'Loading…' } });
    const { i18n, boot } = await bootstrap();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(i18n.language).toBe('en');
    expect(i18n.t('common_loading')).toBe('Loading…');
    expect(boot?.configuration).toEqual(configuration);
    expect(useCoreStore.getState()).toMatchObject({ langCode: 'en', defaultLangCode: 'en', configuration });
    expect(useCoreStore.getState().languages).toHaveLength(2);
  });

  it("fetches the texts when the visitor's language is not the page's", async () => {
    vi.stubGlobal('fetch', fetchSpy);
    useCoreStore.getState().set({ langCode: 'ja' });
    putBootData({ lang: 'en', configuration: { siteCode: 'BORDERLESS' }, langs, texts: {} });
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
});
