import { DEFAULT_SITE, SITE_CODES, type SiteCode } from './enums.ts';

/** URL slug of a site: the code in lower case with `_` as `-` (BORDERLESS → borderless, LAB_EXHIBITION → lab-exhibition). */
export function siteSlug(code: SiteCode): string {
  return code.toLowerCase().replaceAll('_', '-');
}

/** The path segment `tickets` is the tickets sub-site of the default site. */
export const TICKETS_SLUG = 'tickets';

export function isSiteCode(value: unknown): value is SiteCode {
  return typeof value === 'string' && (SITE_CODES as readonly string[]).includes(value);
}

/** Site for a path segment; unknown segments fall back to the default site (spec §1). */
export function siteFromSlug(slug: string | undefined): SiteCode {
  if (!slug || slug === TICKETS_SLUG) return DEFAULT_SITE;
  const code = slug.toUpperCase().replaceAll('-', '_');
  return isSiteCode(code) ? code : DEFAULT_SITE;
}
