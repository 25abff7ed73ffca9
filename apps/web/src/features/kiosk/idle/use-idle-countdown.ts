import { useCallback, useEffect, useRef, useState } from 'react';

/** What counts as someone using the kiosk. */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'input'] as const;

export type IdleCountdownOptions = {
  /** Idle time before the reset, warning included. */
  idleMs: number;
  /** The last part of it, counted down on screen. */
  warnMs: number;
  /** Runs when the countdown reaches zero. */
  onExpire: () => void;
  /** While true (a payment in flight), the countdown does not start: the idle time begins again. */
  isBusy?: () => boolean;
};

/**
 * Counts idle time on the page: after `idleMs - warnMs` without a touch, key or scroll, the countdown's
 * seconds (`remaining`) run from `warnMs` to zero, then `onExpire` runs and idle time starts again. During
 * the countdown only `keepGoing` (the dialog's "continue") stops it, so a stray touch on the backdrop does
 * not hide the warning without the visitor deciding.
 */
export function useIdleCountdown({ idleMs, warnMs, onExpire, isBusy = () => false }: IdleCountdownOptions) {
  const [remaining, setRemaining] = useState<number | null>(null);
  const expire = useRef(onExpire);
  const busy = useRef(isBusy);
  expire.current = onExpire;
  busy.current = isBusy;
  const restart = useRef<() => void>(() => undefined);

  useEffect(() => {
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    let tick: ReturnType<typeof setInterval> | undefined;
    let warning = false;
    const stop = () => {
      clearTimeout(idleTimer);
      clearInterval(tick);
    };
    const startIdle = () => {
      stop();
      warning = false;
      setRemaining(null);
      idleTimer = setTimeout(startWarning, idleMs - warnMs);
    };
    const startWarning = () => {
      if (busy.current()) return startIdle();
      warning = true;
      let left = Math.round(warnMs / 1000);
      setRemaining(left);
      tick = setInterval(() => {
        left -= 1;
        if (left > 0) return setRemaining(left);
        startIdle();
        expire.current();
      }, 1000);
    };
    const onActivity = () => {
      if (!warning) startIdle();
    };
    for (const name of ACTIVITY_EVENTS)
      document.addEventListener(name, onActivity, { capture: true, passive: true });
    restart.current = startIdle;
    startIdle();
    return () => {
      stop();
      for (const name of ACTIVITY_EVENTS) document.removeEventListener(name, onActivity, { capture: true });
    };
  }, [idleMs, warnMs]);

  const keepGoing = useCallback(() => restart.current(), []);
  return { remaining, keepGoing };
}
