import { bundledTexts } from '@kippu/contract';
// The mail texts are the `mail` group of the locale files (every language has the same keys: the locale
// tests check it). Imported, not read from the texts table: the worker renders from the outbox row alone.
import en from '../../../../../../packages/contract/texts/mail/en.json' with { type: 'json' };
import ja from '../../../../../../packages/contract/texts/mail/ja.json' with { type: 'json' };
import kr from '../../../../../../packages/contract/texts/mail/kr.json' with { type: 'json' };
import th from '../../../../../../packages/contract/texts/mail/th.json' with { type: 'json' };
import zhHans from '../../../../../../packages/contract/texts/mail/zh-hans.json' with { type: 'json' };
import zhHant from '../../../../../../packages/contract/texts/mail/zh-hant.json' with { type: 'json' };

export type MailTextKey = keyof typeof en;

/** One mail text in `lang` with its {placeholders} filled. */
export const mailText = bundledTexts<MailTextKey>({
  ja,
  en,
  'zh-hans': zhHans,
  kr,
  'zh-hant': zhHant,
  th,
});
