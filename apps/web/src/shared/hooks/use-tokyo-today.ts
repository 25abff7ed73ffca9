import { useEffect, useState } from 'react';
import { toTokyoDateString } from '@kippu/contract/format/tokyo-date';

const DAY_MS = 24 * 60 * 60 * 1000;
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;

/** Milliseconds from `now` to the next midnight in Tokyo (UTC+9 all year, so no daylight saving to mind). */
export function msUntilTokyoMidnight(now: number): number {
  return DAY_MS - ((now + TOKYO_OFFSET_MS) % DAY_MS);
}

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
