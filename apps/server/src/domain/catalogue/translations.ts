import { LANG_CODES, type LangCode } from '@kippu/contract';
import type { TranslationGap } from '@kippu/contract/console/catalogue-products';

/**
 * The languages a visitor-facing text still misses: those left empty while another language has text. A
 * text empty in every language (a product without a caution) misses nothing.
 */
export function missingLanguages(text: Partial<Record<string, string>> | null | undefined): LangCode[] {
  const written = (lang: LangCode) => (text?.[lang] ?? '').trim() !== '';
  if (!LANG_CODES.some(written)) return [];
  return LANG_CODES.filter((lang) => !written(lang));
}

/** The gaps of several fields (`field` is its path as the console names it), in the order given. */
export function translationGaps(
  fields: readonly (readonly [string, Partial<Record<string, string>> | null | undefined])[],
): TranslationGap[] {
  const gaps: TranslationGap[] = [];
  for (const [field, text] of fields) {
    const languages = missingLanguages(text);
    if (languages.length > 0) gaps.push({ field, languages });
  }
  return gaps;
}

/** `issues` of a `console translation missing` answer: one per field and language (`names.th`). */
export function translationIssues(gaps: readonly TranslationGap[]): { path: string; message: string }[] {
  return gaps.flatMap((gap) =>
    gap.languages.map((lang) => ({ path: `${gap.field}.${lang}`, message: 'translation missing' })),
  );
}
