import { FALLBACK_LANG, LANG_CODES, isLangCode, type LangCode } from '@kippu/contract/enums';
import type { Language } from '@kippu/contract/endpoints/langs';
import { useCoreStore } from '../stores/core-store.ts';
import { cacheToastMessage } from '../stores/toast-store.ts';

export type Reload = () => void;
const reloadPage: Reload = () => window.location.reload();

/**
 * Opens the page again in `lang` (`?lang=`, which the app then removes): the server draws the page's first
 * paint and inlines the texts in that language (ADR 037), so the header does not show the old one first.
 */
export function openPageIn(lang: LangCode, location: Location = window.location): void {
  const url = new URL(location.href);
  url.searchParams.set('lang', lang);
  location.replace(url.href);
}

/** The language the page starts in: the stored one, else the stored default, else ja. */
export function startLanguage(): LangCode {
  const { langCode, defaultLangCode } = useCoreStore.getState();
  return langCode ?? defaultLangCode ?? FALLBACK_LANG;
}

/** An unsupported language falls back to the default (spec §4). */
export function supportedLanguage(
  code: string,
  languages: Language[],
  defaultCode: LangCode | null,
): LangCode {
  const offered = languages.length > 0 ? languages.map((language) => language.code) : LANG_CODES;
  return isLangCode(code) && offered.includes(code) ? code : (defaultCode ?? FALLBACK_LANG);
}

/**
 * Stores the chosen language and opens the page in it when it differs from the one the page runs in; the
 * reloaded page says so once (the toast cache, issue 32 item 11), in the new language.
 */
export function changeLanguage(
  code: string,
  activeLang: LangCode,
  reload: (lang: LangCode) => void = openPageIn,
): LangCode {
  const { languages, defaultLangCode, set } = useCoreStore.getState();
  const next = supportedLanguage(code, languages, defaultLangCode);
  set({ langCode: next });
  if (next !== activeLang) {
    const language = languages.find((item) => item.code === next)?.display_name ?? next;
    cacheToastMessage({ key: 'toast_language_changed', values: { language } });
    reload(next);
  }
  return next;
}

/**
 * When the language list arrives: with no stored default, the `is_default` language becomes the
 * default; with no stored language, the default becomes current, reloading if it differs from the
 * language the page started with (spec §4).
 */
export function applyLanguages(
  languages: Language[],
  activeLang: LangCode,
  reload: Reload = reloadPage,
): void {
  const state = useCoreStore.getState();
  const flagged = languages.find((language) => language.is_default)?.code ?? null;
  const defaultLangCode = state.defaultLangCode ?? flagged;
  state.set({ languages, defaultLangCode });
  if (state.langCode === null && defaultLangCode !== null) {
    state.set({ langCode: defaultLangCode });
    if (defaultLangCode !== activeLang) reload();
  }
}

/** Reads and removes the `lang` query parameter (before or inside the hash), returning a known code. */
export function takeLangQueryParam(location: Location = window.location, history: History = window.history) {
  const search = new URLSearchParams(location.search);
  const [hashPath = '', hashQuery = ''] = location.hash.split('?');
  const hashSearch = new URLSearchParams(hashQuery);
  const value = hashSearch.get('lang') ?? search.get('lang');
  if (value === null) return null;
  search.delete('lang');
  hashSearch.delete('lang');
  const query = search.toString();
  const hashQueryText = hashSearch.toString();
  const hash = hashQueryText ? `${hashPath}?${hashQueryText}` : hashPath;
  history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${hash}`);
  return isLangCode(value) ? value : null;
}
