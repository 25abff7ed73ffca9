import { bundledTexts } from '@kippu/contract';
// The pass's labels are the `wallet` group of the locale files (the locale tests keep the languages in step).
// Imported, like the mail texts: a pass is built from the reservation alone.
import en from '../../../../../packages/contract/texts/wallet/en.json' with { type: 'json' };
import ja from '../../../../../packages/contract/texts/wallet/ja.json' with { type: 'json' };
import kr from '../../../../../packages/contract/texts/wallet/kr.json' with { type: 'json' };
import th from '../../../../../packages/contract/texts/wallet/th.json' with { type: 'json' };
import zhHans from '../../../../../packages/contract/texts/wallet/zh-hans.json' with { type: 'json' };
import zhHant from '../../../../../packages/contract/texts/wallet/zh-hant.json' with { type: 'json' };

export type WalletTextKey = keyof typeof en;

/** One Apple Wallet pass text in `lang` with its {placeholders} filled. */
export const walletText = bundledTexts<WalletTextKey>({
  ja,
  en,
  'zh-hans': zhHans,
  kr,
  'zh-hant': zhHant,
  th,
});
