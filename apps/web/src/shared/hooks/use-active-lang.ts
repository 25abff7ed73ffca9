import type { i18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FALLBACK_LANG, isLangCode, type LangCode } from '@kippu/contract/enums';

/** The language the page runs in: the one its texts were loaded for. */
export function useActiveLang(): LangCode {
  return activeLangOf(useTranslation().i18n);
}

export function activeLangOf(i18n: i18n): LangCode {
  return isLangCode(i18n.language) ? i18n.language : FALLBACK_LANG;
}
