import { siteKey } from '../../shared/storage/site-storage.ts';
import { FIRST_VISIT_FLAGS } from '../../shared/storage/visitor-keys.ts';

// The flags' names live in shared/storage: a full reset (core store) keeps them (ADR 105 addendum).
export { FIRST_VISIT_FLAGS };

export type FirstVisitGuide = keyof typeof FIRST_VISIT_FLAGS;

/**
 * Whether this visitor was already shown the guide on this site. A browser that refuses storage (a locked
 * down private mode) counts as shown: without a flag the guide would come back on every page.
 */
export function wasShown(guide: FirstVisitGuide): boolean {
  try {
    return localStorage.getItem(siteKey(FIRST_VISIT_FLAGS[guide])) !== null;
  } catch {
    return true;
  }
}

/** Remembers that the guide was shown (as it opens: "shown once", whether it is then read or skipped). */
export function markShown(guide: FirstVisitGuide): void {
  try {
    localStorage.setItem(siteKey(FIRST_VISIT_FLAGS[guide]), '1');
  } catch {
    // Nothing to remember it in: wasShown says shown for such a browser anyway.
  }
}
