import type { LangCode } from '../enums.ts';
import en from '../../texts/validation/en.json' with { type: 'json' };
import ja from '../../texts/validation/ja.json' with { type: 'json' };
import kr from '../../texts/validation/kr.json' with { type: 'json' };
import th from '../../texts/validation/th.json' with { type: 'json' };
import zhHans from '../../texts/validation/zh-hans.json' with { type: 'json' };
import zhHant from '../../texts/validation/zh-hant.json' with { type: 'json' };
import type { ValidationMessageKey } from './rules.ts';

/**
 * The validation messages in every language, for seeding the texts table. Not exported from the
 * package index, so the web bundle does not carry all six languages: the web gets them from /texts.
 */
export const VALIDATION_TEXTS: Record<LangCode, Record<ValidationMessageKey, string>> = {
  ja,
  en,
  'zh-hans': zhHans,
  kr,
  'zh-hant': zhHant,
  th,
};
