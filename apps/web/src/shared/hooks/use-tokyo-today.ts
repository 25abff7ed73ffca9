import { useEffect, useState } from 'react';
import { msUntilTokyoMidnight, toTokyoDateString } from '@kippu/contract/format/tokyo-date';

/**
 * Today's date in Tokyo (YYYY-MM-DD), turning over at Tokyo midnight: a screen left open overnight
 * highlights the new day and no longer offers the old one. The date is read again when the timer fires, so
 * a timer a sleeping tab ran late still lands on the right day; one that fired a moment early (the timer's
 * clock is not the wall clock) waits again.
 */
export function useTokyoToday(): string {
  const [today, setToday] = useState(() => toTokyoDateString(new Date()));
  const [checks, setChecks] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => {
      const now = toTokyoDateString(new Date());
      if (now === today) setChecks((count) => count + 1);
      else setToday(now);
    }, msUntilTokyoMidnight(Date.now()));
    return () => clearTimeout(timer);
  }, [today, checks]);
  return today;
}
