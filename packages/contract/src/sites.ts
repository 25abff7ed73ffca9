import { SITE_CODE_PATTERN, type SiteCode } from './enums.ts';

/** URL slug of a site: the code in lower case with `_` as `-` (BORDERLESS → borderless, LAB_EXHIBITION → lab-exhibition). */
export function siteSlug(code: SiteCode): string {
  return code.toLowerCase().replaceAll('_', '-');
}

/** The path segment `tickets` is the tickets sub-site of the default site. */
export const TICKETS_SLUG = 'tickets';

/**
 * A well-formed site code. Which sites exist is data (the server's `sites` table, ADR 014): the server
 * renders only codes it knows into `<body data-site>`, so the web app accepts any well-formed one.
 */
export function isSiteCode(value: unknown): value is SiteCode {
  return typeof value === 'string' && SITE_CODE_PATTERN.test(value);
}
