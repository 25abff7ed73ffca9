import { visitWhen, type LangCode, type ProductType } from '@kippu/contract';
import { mailText } from './mail-texts.ts';

/** A detail row of a mail: a label and its value. */
export interface DetailRow {
  label: string;
  value: string;
  strong?: boolean;
}

/**
 * When the visit is, as mail detail rows in Asia/Tokyo (spec §9 formats, the contract's visitWhen as on the
 * screens): a timed slot has a date and a time range, a day ticket its date, a pass the dates it is valid
 * between.
 */
export function visitRows(type: ProductType, startsAt: string, endsAt: string, lang: LangCode): DetailRow[] {
  const when = visitWhen(type, startsAt, endsAt, lang);
  if (type === 'period') return [{ label: mailText(lang, 'email_label_valid'), value: when.date }];
  const rows: DetailRow[] = [{ label: mailText(lang, 'email_label_date'), value: when.date }];
  if (when.time !== null) {
    rows.push({
      label: mailText(lang, 'email_label_time'),
      value: `${when.time} (${mailText(lang, 'email_japan_time')})`,
    });
  }
  return rows;
}
