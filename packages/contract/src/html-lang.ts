import type { LangCode } from './enums.ts';

/** The product's language codes are not all valid BCP 47 tags (kr, zh-hans); these are, for `<html lang>` and Intl. */
const HTML_LANG: Record<LangCode, string> = {
  ja: 'ja',
  en: 'en',
  'zh-hans': 'zh-Hans',
  kr: 'ko',
  'zh-hant': 'zh-Hant',
  th: 'th',
};

/** The BCP 47 tag naming the real language of a product language code. */
export function htmlLang(lang: LangCode): string {
  return HTML_LANG[lang];
}
