import {
  formatDate,
  formatDateRange,
  formatTimeRange,
  type LangCode,
  type ProductType,
} from '@kippu/contract';
import { mailText } from './mail-texts.ts';

/** A detail row of a mail: a label and its value. */
export interface DetailRow {
  label: string;
  value: string;
  strong?: boolean;
}

/**
 * When the visit is, as mail detail rows in Asia/Tokyo (spec §9 formats): a timed slot has a date and a
 * time range, a day ticket its date, a pass the dates it is valid between.
 */
export function visitRows(type: ProductType, startsAt: string, endsAt: string, lang: LangCode): DetailRow[] {
  switch (type) {
    case 'time':
      return [
        { label: mailText(lang, 'email_label_date'), value: formatDate(startsAt, lang) },
        {
          label: mailText(lang, 'email_label_time'),
          value: `${formatTimeRange(startsAt, endsAt, lang)} (${mailText(lang, 'email_japan_time')})`,
        },
      ];
    case 'date':
      return [{ label: mailText(lang, 'email_label_date'), value: formatDate(startsAt, lang) }];
    case 'period':
      return [{ label: mailText(lang, 'email_label_valid'), value: formatDateRange(startsAt, endsAt, lang) }];
  }
}
