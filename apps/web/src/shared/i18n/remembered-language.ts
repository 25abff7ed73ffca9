import type { LangCode, SiteCode } from '@kippu/contract/enums';
import {
  REMEMBERED_LANGUAGE_MAX_AGE_SECONDS,
  rememberedLanguageCookie,
} from '@kippu/contract/remembered-language';

/** The language the app last ran in for `site` on this browser, as its cookie says (ADR 041). */
export function rememberedLanguage(site: SiteCode, doc: Document = document): string | null {
  const name = `${rememberedLanguageCookie(site)}=`;
  const entry = doc.cookie.split('; ').find((cookie) => cookie.startsWith(name));
  return entry === undefined ? null : decodeURIComponent(entry.slice(name.length));
}

/**
 * Tells the server the language the app runs in, so the next page of `site` (a reload, a new tab, a link) is
 * drawn in it. Written only when it changes: the page itself never sets it, so it is never on an asset.
 */
export function rememberLanguage(site: SiteCode, lang: LangCode, doc: Document = document): void {
  if (rememberedLanguage(site, doc) === lang) return;
  const secure = doc.location?.protocol === 'https:' ? '; secure' : '';
  doc.cookie =
    `${rememberedLanguageCookie(site)}=${encodeURIComponent(lang)}; path=/; ` +
    `max-age=${REMEMBERED_LANGUAGE_MAX_AGE_SECONDS}; samesite=lax${secure}`;
}
