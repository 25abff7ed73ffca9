/**
 * The two first-visit flags of spec §3 ("show-tutorial flag", "app download modal flag"), in localStorage per
 * site (ADR 105). They belong to the visitor, not to an order: a full reset (a session time-out) keeps them, as it
 * keeps the visitor's language (ADR 105 addendum), so a visitor whose hold lapsed is not shown the guides again.
 */
export const FIRST_VISIT_FLAGS = {
  appDownloadModal: 'appDownloadModalShown',
  tutorial: 'tutorialShown',
} as const;

/** Site-storage names (without the `kippu.<SITE>.` prefix) that a full reset leaves in place. */
export const VISITOR_KEYS: readonly string[] = Object.values(FIRST_VISIT_FLAGS);
