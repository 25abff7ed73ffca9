import { beforeEach, describe, expect, it, vi } from 'vitest';
import { languages } from '../../test/site-settings-fixture.ts';
import { resetCurrentSite } from '../site/detect-site.ts';
import { useCoreStore } from '../stores/core-store.ts';
import {
  applyLanguages,
  changeLanguage,
  openPageIn,
  startLanguage,
  supportedLanguage,
  takeLangQueryParam,
} from './language-rules.ts';

const core = () => useCoreStore.getState();

describe('language rules (spec §4)', () => {
  beforeEach(() => resetCurrentSite('BORDERLESS'));

  it('starts in the stored language, else the stored default, else ja', () => {
    expect(startLanguage()).toBe('ja');
    core().set({ defaultLangCode: 'en' });
    expect(startLanguage()).toBe('en');
    core().set({ langCode: 'th' });
    expect(startLanguage()).toBe('th');
  });

  it('falls back to the default for an unsupported language', () => {
    expect(supportedLanguage('kr', languages, 'en')).toBe('en');
    expect(supportedLanguage('xx', [], null)).toBe('ja');
    expect(supportedLanguage('th', languages, 'en')).toBe('th');
  });

  it('changing language stores it and reloads only when it changed', () => {
    core().set({ languages });
    const reload = vi.fn();
    changeLanguage('ja', 'ja', reload);
    expect(core().langCode).toBe('ja');
    expect(reload).not.toHaveBeenCalled();
    changeLanguage('en', 'ja', reload);
    expect(core().langCode).toBe('en');
    expect(sessionStorage.getItem('kippu.BORDERLESS.core')).toContain('"langCode":"en"');
    expect(reload).toHaveBeenCalledExactlyOnceWith('en');
  });

  it('opens the page again with ?lang= before the hash, for the server to draw it in that language', () => {
    const replace = vi.fn();
    const location = {
      href: 'https://tickets.example/borderless/?utm=x#/order?step=1',
      replace,
    } as unknown as Location;
    openPageIn('th', location);
    expect(replace).toHaveBeenCalledExactlyOnceWith(
      'https://tickets.example/borderless/?utm=x&lang=th#/order?step=1',
    );
  });

  it('on load with nothing stored, the is_default language becomes default and current, without reload if it is the start language', () => {
    const reload = vi.fn();
    applyLanguages(languages, 'ja', reload);
    expect(core()).toMatchObject({ defaultLangCode: 'ja', langCode: 'ja', languages });
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads when the flagged default differs from the start language', () => {
    const reload = vi.fn();
    const englishDefault = languages.map((language) => ({ ...language, is_default: language.code === 'en' }));
    applyLanguages(englishDefault, 'ja', reload);
    expect(core()).toMatchObject({ defaultLangCode: 'en', langCode: 'en' });
    expect(reload).toHaveBeenCalledOnce();
  });

  it('keeps a stored default and a stored language', () => {
    core().set({ defaultLangCode: 'th', langCode: 'en' });
    const reload = vi.fn();
    applyLanguages(languages, 'en', reload);
    expect(core()).toMatchObject({ defaultLangCode: 'th', langCode: 'en' });
    expect(reload).not.toHaveBeenCalled();
  });

  it('takes the lang query parameter from the hash or the search and removes it', () => {
    const replaceState = vi.fn();
    const history = { state: null, replaceState } as unknown as History;
    const fromHash = takeLangQueryParam(
      { search: '', hash: '#/order?lang=zh-hant&ref=c', pathname: '/borderless/' } as Location,
      history,
    );
    expect(fromHash).toBe('zh-hant');
    expect(replaceState).toHaveBeenLastCalledWith(null, '', '/borderless/#/order?ref=c');
    const fromSearch = takeLangQueryParam(
      { search: '?lang=th', hash: '#/terms', pathname: '/mori/' } as Location,
      history,
    );
    expect(fromSearch).toBe('th');
    expect(replaceState).toHaveBeenLastCalledWith(null, '', '/mori/#/terms');
    expect(
      takeLangQueryParam({ search: '?lang=fr', hash: '', pathname: '/' } as Location, history),
    ).toBeNull();
    expect(takeLangQueryParam({ search: '', hash: '#/', pathname: '/' } as Location, history)).toBeNull();
  });
});
