import type { LangCode } from '@kippu/contract/enums';
import en from '../../../../packages/contract/texts/ui/en.json';
import ja from '../../../../packages/contract/texts/ui/ja.json';
import zhHans from '../../../../packages/contract/texts/ui/zh-hans.json';
import kr from '../../../../packages/contract/texts/ui/kr.json';
import zhHant from '../../../../packages/contract/texts/ui/zh-hant.json';
import th from '../../../../packages/contract/texts/ui/th.json';
import enErrors from '../../../../packages/contract/texts/errors/en.json';
import jaErrors from '../../../../packages/contract/texts/errors/ja.json';
import zhHansErrors from '../../../../packages/contract/texts/errors/zh-hans.json';
import krErrors from '../../../../packages/contract/texts/errors/kr.json';
import zhHantErrors from '../../../../packages/contract/texts/errors/zh-hant.json';
import thErrors from '../../../../packages/contract/texts/errors/th.json';

export const UI_TEXTS: Record<LangCode, Record<string, string>> = {
  en,
  ja,
  'zh-hans': zhHans,
  kr,
  'zh-hant': zhHant,
  th,
};
export const ERROR_TEXTS: Record<LangCode, Record<string, string>> = {
  en: enErrors,
  ja: jaErrors,
  'zh-hans': zhHansErrors,
  kr: krErrors,
  'zh-hant': zhHantErrors,
  th: thErrors,
};

export function localeTexts(lang: LangCode): Record<string, string> {
  return { ...UI_TEXTS[lang], ...ERROR_TEXTS[lang] };
}
