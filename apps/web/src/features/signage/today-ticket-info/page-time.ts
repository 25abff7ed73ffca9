/**
 * How long each page stays on the entrance screen, set per screen by the signage URL's query
 * (`#/signage/today-ticket-info?page_seconds=5`, ADR 056): a screen by a queue can turn faster than one read
 * from across a hall. Whole seconds from MIN_PAGE_SECONDS to MAX_PAGE_SECONDS; anything else (missing,
 * fractions, words, out of range) is the default, so a mistyped URL still gives a working screen.
 */

export const PAGE_SECONDS_PARAM = 'page_seconds';
export const DEFAULT_PAGE_SECONDS = 8;
/** Above the 2 s poll (use-signage-poll.ts), so a change shows on the page it is on before the page turns. */
export const MIN_PAGE_SECONDS = 3;
export const MAX_PAGE_SECONDS = 60;

/** The page time in milliseconds from the query's `page_seconds` value (null when it is not there). */
export function pageMilliseconds(value: string | null): number {
  const seconds = value !== null && /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN;
  const valid = seconds >= MIN_PAGE_SECONDS && seconds <= MAX_PAGE_SECONDS;
  return (valid ? seconds : DEFAULT_PAGE_SECONDS) * 1000;
}
