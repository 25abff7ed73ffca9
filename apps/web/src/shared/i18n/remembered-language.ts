import { isLangCode, type LangCode, type SiteCode } from '@kippu/contract/enums';
import {
  REMEMBERED_LANGUAGE_MAX_AGE_SECONDS,
  rememberedLanguageCookie,
} from '@kippu/contract/remembered-language';

/**
 * The language the app last ran in for `site` on this browser, as its cookie says (ADR 041); null when there
 * is none or it names no language (anything on the host can write a cookie: it is only ever a hint).
 */
export function rememberedLanguage(site: SiteCode, doc: Document = document): LangCode | null {
  const name = `${rememberedLanguageCookie(site)}=`;
  const value = doc.cookie
    .split('; ')
    .find((cookie) => cookie.startsWith(name))
    ?.slice(name.length);
  return isLangCode(value) ? value : null;
}

/**
 * Tells the server the language the app runs in, so the next page of `site` (a reload, a new tab, a link) is
 * drawn in it. Written only when it changes: the page itself never sets it, so it is never on an asset.
 * Language codes need no encoding.
 */
export function rememberLanguage(site: SiteCode, lang: LangCode, doc: Document = document): void {
  if (rememberedLanguage(site, doc) === lang) return;
  const secure = doc.location?.protocol === 'https:' ? '; secure' : '';
  doc.cookie =
    `${rememberedLanguageCookie(site)}=${lang}; path=/; ` +
    `max-age=${REMEMBERED_LANGUAGE_MAX_AGE_SECONDS}; samesite=lax${secure}`;
}
