import { useEffect, useRef, useState } from 'react';

/** The first retry after a network loss, and the longest wait between two (ADR 112). */
export const RECONNECT_FIRST_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

/** The wait before retry `attempt` (0-based): 1 s, 2 s, 4 s, ... at most 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** attempt);
}

/**
 * Mode `reconnect` (ADR 112): while `offline`, asks `probe` again after 1 s, 2 s, 4 s, ... (at most 30 s
 * apart) until it answers true, then calls `onBack` once. The device keeps its screen all the while; the
 * caller shows the offline state with the try count this answers (0 while online or not in this mode).
 * Outside the mode the device only notices the network at its regular calls (sync every 15 s, list every
 * minute), which is enough for a staffed desk but not for a gate that must replay its queue at once.
 */
export function useReconnect({
  enabled,
  offline,
  probe,
  onBack,
}: {
  enabled: boolean;
  offline: boolean;
  probe: () => Promise<boolean>;
  onBack: () => void;
}): number {
  const [tries, setTries] = useState(0);
  // The latest callbacks, so a re-render does not restart the back-off.
  const latest = useRef({ probe, onBack });
  latest.current = { probe, onBack };

  useEffect(() => {
    if (!enabled || !offline) {
      setTries(0);
      return;
    }
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = (attempt: number) => {
      timer = setTimeout(() => {
        void latest.current.probe().then(
          (back) => {
            if (cancelled) return;
            setTries(attempt + 1);
            if (back) latest.current.onBack();
            else schedule(attempt + 1);
          },
          () => {
            if (cancelled) return;
            setTries(attempt + 1);
            schedule(attempt + 1);
          },
        );
      }, reconnectDelay(attempt));
    };
    schedule(0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [enabled, offline]);

  return enabled && offline ? tries : 0;
}
