import { useMemo } from 'react';
import type { ReportCell, ReportColumn } from '@kippu/contract/console/reports-schemas';
import { useFormat } from '../../shared/format/use-format.ts';
import { HTML_LANG, useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { useReportWords } from './report-words.ts';

/** Text columns whose values are codes with words of their own (the prefix of `<prefix><code>`; kinds are the contract's, shared with the exports). */
const CODE_WORDS: Readonly<Record<string, string>> = {
  method: 'payment_method_',
  gateway: 'reports_gateway_',
  channel: 'reports_channel_',
  kind: 'report_kind_',
  status: 'reports_status_',
};

/** Yen and counts are figures: right aligned, summed in the totals row. */
export function isFigure(column: ReportColumn): boolean {
  return column.kind === 'yen' || column.kind === 'count' || column.kind === 'percent';
}

/**
 * How a report's cells read in the staff member's language: yen and counts as the console writes them,
 * Tokyo days and times, a percent (the API's 0–100) with at most one decimal, codes in words (the code
 * itself when a newer server sends one this screen has no word for).
 */
export function useReportCells() {
  const { t, lang } = useConsoleI18n();
  const f = useFormat();
  const words = useReportWords();
  return useMemo(() => {
    const locale = HTML_LANG[lang];
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const date = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'medium' });
    const shortDate = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'numeric', day: 'numeric' });
    const shortTime = new Intl.DateTimeFormat(locale, {
      timeZone: 'Asia/Tokyo',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const tokyoDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' });
    const word = (key: string, code: string) => {
      const prefix = CODE_WORDS[key];
      return prefix ? words.word(prefix, code) : code;
    };
    const header = (key: string) => t(`report_column_${key}`);
    const value = (column: ReportColumn, cell: ReportCell | undefined): string => {
      if (cell === null || cell === undefined || cell === '') return '—';
      if (typeof cell === 'number') {
        if (column.kind === 'yen') return f.yen(cell);
        if (column.kind === 'percent') return percent.format(cell / 100);
        return f.count(cell);
      }
      if (column.kind === 'date') return date.format(new Date(`${cell}T00:00:00Z`));
      if (column.kind === 'datetime') return f.dateTime(cell);
      return word(column.key, cell);
    };
    /**
     * The categories under a chart, short: a day as 11/28; a slot as its time when all are on one day, else
     * with its day (11/28 10:00); other values cut to fit.
     */
    const axis = (
      xColumn: ReportColumn | undefined,
      xValues: readonly (ReportCell | undefined)[],
    ): string[] => {
      let column = xColumn;
      let values = xValues;
      // A slot as the server labels it in text ("2026-11-28 10:00", Tokyo) reads as a time like a datetime.
      const slotLabel = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
      if (
        column?.kind === 'text' &&
        values.every((each) => typeof each === 'string' && slotLabel.test(each))
      ) {
        column = { ...column, kind: 'datetime' };
        values = values.map((each) => `${(each as string).replace(' ', 'T')}:00+09:00`);
      }
      // Only times have a day: a method's or a product's name is no date (formatting it would throw).
      const times =
        column?.kind === 'datetime' ? values.filter((each): each is string => typeof each === 'string') : [];
      const oneDay = new Set(times.map((each) => tokyoDay.format(new Date(each)))).size <= 1;
      return values.map((cell) => {
        if (cell === null || cell === undefined) return '—';
        if (column?.kind === 'date' && typeof cell === 'string')
          return shortDate.format(new Date(`${cell}T00:00:00Z`));
        if (column?.kind === 'datetime' && typeof cell === 'string') {
          const time = shortTime.format(new Date(cell));
          return oneDay
            ? time
            : `${shortDate.format(new Date(`${tokyoDay.format(new Date(cell))}T00:00:00Z`))} ${time}`;
        }
        const text = column ? value(column, cell) : String(cell);
        return text.length > 14 ? `${text.slice(0, 13)}…` : text;
      });
    };
    /** A Tokyo calendar day in full (`2026/11/28`, `Nov 28, 2026`). */
    const day = (isoDate: string) => date.format(new Date(`${isoDate}T00:00:00Z`));
    return { header, value, axis, day };
  }, [t, lang, f, words]);
}
