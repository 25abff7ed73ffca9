import type { SiteCode } from './enums.ts';

/**
 * The cookie that tells the server a visitor's language for a site (ADR 041): the page is drawn and its texts
 * inlined in that language, so a reload or a new tab does not show the header in the default language
 * first. The app writes it whenever it starts; per site, because each site offers its own languages.
 */
export function rememberedLanguageCookie(site: SiteCode): string {
  return `kippu-lang-${site}`;
}

/** A year: a returning visitor's choice, like the language settings of other ticket shops. */
export const REMEMBERED_LANGUAGE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
