import { useEffect, useState } from 'react';
import type { SignageToday } from '@kippu/contract/endpoints/signage';
import { ROUTES } from '@kippu/contract/routes';
import { endpointHref } from '../../../shared/api/call-url.ts';

/** How often the screen asks; a change shows within this plus one round trip (issue 11: within 5 s). */
export const POLL_INTERVAL_MS = 2000;
/** Longest wait between tries while the server is unreachable (restart, network drop). */
const MAX_RETRY_MS = 10_000;

export interface SignageState {
  data: SignageToday | null;
  /** The last poll failed: the screen keeps the last figures and says it is reconnecting. */
  offline: boolean;
  /** When the figures were last confirmed current. */
  checkedAt: Date | null;
}

/**
 * Polls GET /signage/today with If-None-Match (ADR 032): 304 keeps the figures, 200 replaces them. Plain
 * fetch, not the API client: a screen on the wall shows no loader flashes and no error dialogs; a failed
 * poll marks the screen offline and retries with backoff until the server answers again, so a server
 * restart or a network drop heals by itself. The day's date is part of the data, so midnight rolls over.
 */
export function useSignagePoll(): SignageState {
  const [state, setState] = useState<SignageState>({ data: null, offline: false, checkedAt: null });

  useEffect(() => {
    let stopped = false;
    let etag: string | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const controller = new AbortController();

    const poll = async () => {
      try {
        const response = await fetch(new URL(endpointHref(ROUTES.signageToday), document.baseURI), {
          headers: { Accept: 'application/json', ...(etag ? { 'If-None-Match': etag } : {}) },
          cache: 'no-store',
          credentials: 'same-origin',
          signal: controller.signal,
        });
        if (response.status === 200) {
          const data = (await response.json()) as SignageToday;
          etag = response.headers.get('etag');
          setState({ data, offline: false, checkedAt: new Date() });
        } else if (response.status === 304) {
          setState((previous) => ({ ...previous, offline: false, checkedAt: new Date() }));
        } else {
          throw new Error(`signage poll answered ${response.status}`);
        }
        failures = 0;
      } catch {
        if (stopped) return;
        failures += 1;
        setState((previous) => ({ ...previous, offline: true }));
      }
      if (stopped) return;
      const wait =
        failures === 0 ? POLL_INTERVAL_MS : Math.min(POLL_INTERVAL_MS * 2 ** (failures - 1), MAX_RETRY_MS);
      timer = setTimeout(() => void poll(), wait);
    };
    void poll();
    // Back online: ask at once instead of waiting out the backoff.
    const onOnline = () => {
      clearTimeout(timer);
      void poll();
    };
    window.addEventListener('online', onOnline);
    return () => {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
    };
  }, []);

  return state;
}
