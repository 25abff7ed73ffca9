import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberedLanguageCookie } from '@kippu/contract/remembered-language';
import { languageWasStored, noteLanguageStored } from '../shared/i18n/language-stored-at-start.ts';
import { BOOT_DATA_ELEMENT_ID } from '../shared/site/boot-data.ts';
import { useCoreStore } from '../shared/stores/core-store.ts';
import { bootstrap } from './bootstrap.ts';

/**
 * Issue 32's defect "the spot poster opens in Japanese on a Chinese phone" (ADR 110), at start-up: a page the
 * server drew in the browser's language becomes the tab's language, and start-up notes that none was stored.
 */
function putBootData(data: unknown) {
  const script = document.createElement('script');
  script.id = BOOT_DATA_ELEMENT_ID;
  script.type = 'application/json';
  script.textContent = JSON.stringify(data);
  document.head.append(script);
}

const langs = [
  { id: 1, code: 'ja', display_name: '日本語', display_position: 1, is_default: true },
  { id: 2, code: 'zh-hans', display_name: '简体中文', display_position: 2, is_default: false },
];

describe('start-up on a first visit drawn in the browser’s language', () => {
  afterEach(() => {
    document.getElementById(BOOT_DATA_ELEMENT_ID)?.remove();
    vi.unstubAllGlobals();
    useCoreStore.setState(useCoreStore.getInitialState(), true);
    document.cookie = `${rememberedLanguageCookie('BORDERLESS')}=; path=/; max-age=0`;
    noteLanguageStored(true);
  });

  it('goes on in the language the server chose from Accept-Language, and notes that none was stored', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[]')),
    );
    putBootData({ lang: 'zh-hans', browserLanguage: true, configuration: { siteCode: 'BORDERLESS' }, langs });
    const { i18n } = await bootstrap();
    expect(i18n.language).toBe('zh-hans');
    expect(useCoreStore.getState()).toMatchObject({ langCode: 'zh-hans', defaultLangCode: 'ja' });
    expect(languageWasStored()).toBe(false);
  });

  it('keeps the default (the spec’s rule) when the server did not follow the browser', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[]')),
    );
    putBootData({ lang: 'ja', configuration: { siteCode: 'BORDERLESS' }, langs });
    const { i18n } = await bootstrap();
    expect(i18n.language).toBe('ja');
  });
});
