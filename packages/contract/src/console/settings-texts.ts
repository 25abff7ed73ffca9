/**
 * The site's own legal texts (issue 28, ADR 071): terms, privacy policy and the notice under the Specified
 * Commercial Transactions Act (特定商取引法に基づく表記). They are the `legal_*` keys of the `texts` table: the
 * shared text (scope '*', from packages/contract/texts/legal) unless the site overrides it (scope = the
 * site's code). Each document lists its parts in the order the visitor page shows them
 * (apps/web/src/features/static-pages/screens); `{site}` and `{currency}` are filled in by the page.
 */
export const SITE_TEXT_DOCUMENTS = {
  terms: {
    title: 'screen_terms_title',
    intro: 'legal_terms_intro',
    parts: [
      ['legal_terms_tickets_title', 'legal_terms_tickets_text'],
      ['legal_cancellation_label', 'legal_cancellation_value'],
      ['legal_terms_conduct_title', 'legal_terms_conduct_text'],
      ['legal_terms_liability_title', 'legal_terms_liability_text'],
      ['legal_terms_changes_title', 'legal_terms_changes_text'],
    ],
  },
  privacy: {
    title: 'screen_privacy_title',
    intro: 'legal_privacy_intro',
    parts: [
      ['legal_privacy_collect_title', 'legal_privacy_collect_text'],
      ['legal_privacy_use_title', 'legal_privacy_use_text'],
      ['legal_privacy_share_title', 'legal_privacy_share_text'],
      ['legal_privacy_security_title', 'legal_privacy_security_text'],
      ['legal_privacy_requests_title', 'legal_privacy_requests_text'],
    ],
  },
  specified: {
    title: 'screen_specified_title',
    intro: null,
    parts: [
      ['legal_seller_label', 'legal_seller_value'],
      ['legal_address_label', 'legal_address_value'],
      ['legal_price_label', 'legal_price_value'],
      ['legal_extra_fees_label', 'legal_extra_fees_value'],
      ['legal_payment_label', 'legal_payment_fallback'],
      ['legal_payment_timing_label', 'legal_payment_timing_value'],
      ['legal_delivery_label', 'legal_delivery_value'],
      ['legal_cancellation_label', 'legal_cancellation_value'],
    ],
  },
} as const satisfies Record<
  string,
  { title: string; intro: string | null; parts: readonly (readonly [string, string])[] }
>;

export type SiteTextDocument = keyof typeof SITE_TEXT_DOCUMENTS;
export const SITE_TEXT_DOCUMENT_NAMES = Object.keys(SITE_TEXT_DOCUMENTS) as [
  SiteTextDocument,
  ...SiteTextDocument[],
];

/** Every key a site may override, each once (a key shared by two documents is one text). */
export const SITE_TEXT_KEYS: readonly string[] = [
  ...new Set(
    Object.values(SITE_TEXT_DOCUMENTS).flatMap((document) => [
      ...(document.intro ? [document.intro] : []),
      ...document.parts.flat(),
    ]),
  ),
];

/** The longest site text (a terms section), in characters. */
export const SITE_TEXT_MAX_LENGTH = 20_000;
