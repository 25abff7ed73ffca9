import { bundledTexts } from '@kippu/contract';
// The receipt's labels are the `receipt` group of the locale files, shared with the web page, so the paper
// and the screen say the same words (the locale tests check every language has every key).
import en from '../../../../../packages/contract/texts/receipt/en.json' with { type: 'json' };
import ja from '../../../../../packages/contract/texts/receipt/ja.json' with { type: 'json' };
import kr from '../../../../../packages/contract/texts/receipt/kr.json' with { type: 'json' };
import th from '../../../../../packages/contract/texts/receipt/th.json' with { type: 'json' };
import zhHans from '../../../../../packages/contract/texts/receipt/zh-hans.json' with { type: 'json' };
import zhHant from '../../../../../packages/contract/texts/receipt/zh-hant.json' with { type: 'json' };

export type ReceiptTextKey = keyof typeof en;

/** One receipt label in `lang` with its {placeholders} filled. */
export const receiptText = bundledTexts<ReceiptTextKey>({
  ja,
  en,
  'zh-hans': zhHans,
  kr,
  'zh-hant': zhHant,
  th,
});
