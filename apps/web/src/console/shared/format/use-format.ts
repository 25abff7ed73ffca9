import { useMemo } from 'react';
import { HTML_LANG, useConsoleI18n } from '../i18n/console-i18n.tsx';

/** Amounts, counts and times in the staff member's language; times in Tokyo, where the venues are. */
export function useFormat() {
  const { lang } = useConsoleI18n();
  return useMemo(() => {
    const locale = HTML_LANG[lang];
    const yen = new Intl.NumberFormat(locale, { style: 'currency', currency: 'JPY' });
    const count = new Intl.NumberFormat(locale);
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    const time = new Intl.DateTimeFormat(locale, {
      timeZone: 'Asia/Tokyo',
      hour: '2-digit',
      minute: '2-digit',
    });
    const dateTime = new Intl.DateTimeFormat(locale, {
      timeZone: 'Asia/Tokyo',
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    const day = new Intl.DateTimeFormat(locale, {
      timeZone: 'UTC',
      month: 'short',
      day: 'numeric',
      weekday: 'short',
    });
    return {
      yen: (value: number) => yen.format(value),
      count: (value: number) => count.format(value),
      percent: (value: number) => percent.format(value),
      time: (iso: string) => time.format(new Date(iso)),
      dateTime: (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '—'),
      /** A Tokyo calendar date (`2026-11-28`), drawn as that day whatever the browser's zone. */
      day: (isoDate: string) => day.format(new Date(`${isoDate}T00:00:00Z`)),
    };
  }, [lang]);
}
