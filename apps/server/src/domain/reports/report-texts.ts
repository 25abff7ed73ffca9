import { bundledTexts, type LangCode } from '@kippu/contract';
import type { ReportColumn, ReportName } from '@kippu/contract/console/reports-schemas';
// The reports' headers are the `reports` group of the contract's texts, shared with the console's screens, so a
// file and the table on screen say the same words.
import en from '../../../../../packages/contract/texts/reports/en.json' with { type: 'json' };
import ja from '../../../../../packages/contract/texts/reports/ja.json' with { type: 'json' };
import kr from '../../../../../packages/contract/texts/reports/kr.json' with { type: 'json' };
import th from '../../../../../packages/contract/texts/reports/th.json' with { type: 'json' };
import zhHans from '../../../../../packages/contract/texts/reports/zh-hans.json' with { type: 'json' };
import zhHant from '../../../../../packages/contract/texts/reports/zh-hant.json' with { type: 'json' };

export type ReportTextKey = keyof typeof en;

/** One report text in `lang` with its {placeholders} filled. */
export const reportText = bundledTexts<ReportTextKey>({
  ja,
  en,
  'zh-hans': zhHans,
  kr,
  'zh-hant': zhHant,
  th,
});

export const columnHeader = (column: ReportColumn, lang: LangCode) =>
  reportText(lang, `report_column_${column.key}` as ReportTextKey);

export const reportTitle = (report: ReportName, lang: LangCode) =>
  reportText(lang, `report_title_${report}` as ReportTextKey);

/** A cell as a file shows it: a code the texts name (a movement's kind) in the file's language. */
export function cellText(column: ReportColumn, value: string, lang: LangCode): string {
  if (column.key === 'kind' && (value === 'payment' || value === 'refund'))
    return reportText(lang, `report_kind_${value}`);
  return value;
}
