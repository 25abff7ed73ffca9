import { formatDate, formatTime, formatTimeRange } from '@kippu/contract/format/date';
import { formatPrice, type Currency } from '@kippu/contract/format/price';
import type { DateInput } from '@kippu/contract/format/tokyo-date';
import { useMemo } from 'react';
import { useActiveLang } from '../hooks/use-active-lang.ts';

/** The spec §9 formatters bound to the language the page runs in. */
export function useFormatters() {
  const lang = useActiveLang();
  return useMemo(
    () => ({
      date: (date: DateInput) => formatDate(date, lang),
      time: (date: DateInput) => formatTime(date),
      timeRange: (start: DateInput, end: DateInput) => formatTimeRange(start, end, lang),
      price: (amount: number, currency?: Currency) => formatPrice(amount, lang, currency),
    }),
    [lang],
  );
}
