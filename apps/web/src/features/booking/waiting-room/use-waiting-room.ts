import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, isCancel, sleep } from '../../../shared/api/api-client.ts';
import { showErrorDialog } from '../../../shared/api/error-dialog.ts';
import { joinWaitingRoom, waitForEntryChange, type WaitingRoomEntry } from './api/waiting-room-calls.ts';

/**
 * Waits between tries after a failed call: doubled from `baseMs` per failure up to `maxMs`; `idleMs` between
 * polls of a place that is not waiting (each poll still costs the server a read of the place; a parked one
 * answers at the latest after 20 s anyway). Tests shorten them.
 */
export const WAITING_ROOM_RETRY = { baseMs: 1000, maxMs: 30_000, idleMs: 20_000 };

/**
 * States the server cannot leave for this place: `expired` (the visitor joins again, at the back) and `closed`
 * (the queue is over; the screen holds). Every other one can change by itself: `sold_out` goes back to
 * `waiting` when held seats lapse, `admitted` ends or gives way to `sold_out` (review finding 1).
 */
const FINAL_STATES: readonly WaitingRoomEntry['state'][] = ['expired', 'closed'];

/**
 * How long to wait before the next try after `failures` failures in a row, with jitter so that visitors cut
 * off together (a restart, a dropped network) do not all come back in the same instant.
 */
export function retryDelayMs(failures: number, random = Math.random): number {
  const delay = Math.min(
    WAITING_ROOM_RETRY.baseMs * 2 ** Math.max(0, failures - 1),
    WAITING_ROOM_RETRY.maxMs,
  );
  return Math.round(delay * (0.75 + random() * 0.5));
}

/** A refusal no retry mends (the product is unknown or the request is refused): the visitor chooses again. */
const isFinalRefusal = (error: ApiError) =>
  error.status !== undefined &&
  error.status >= 400 &&
  error.status < 500 &&
  ![404, 408, 429].includes(error.status);

/**
 * What the screen shows: the place's state, `joining` before the first answer, `refused` when the server
 * refused the join itself (its dialog has been shown), `expired` also when a hold found the admission gone.
 */
export type WaitingRoomPhase = WaitingRoomEntry['state'] | 'joining' | 'refused';

export type WaitingRoomView = {
  phase: WaitingRoomPhase;
  /** The visitor's place as last answered; null while joining. */
  entry: WaitingRoomEntry | null;
  /** The last call failed (network, server): the page keeps what it showed and tries again. */
  reconnecting: boolean;
  /** The signed place the server answered, sent back in its header (a browser without cookies keeps it). */
  token: string | null;
  /** Joins again (at the back): after an expired admission, or a hold that found none. */
  rejoin: () => void;
  /** The admission ran out before a hold: shown as `expired` until the visitor joins again. */
  markExpired: () => void;
};

/**
 * The visitor's place in the product's queue (ADR 096): joins once (the server answers the existing place on
 * a reload or in another tab), then long-polls `entries/current?wait=1` in every state but `expired` and
 * `closed` (slower when not waiting); every answer replaces the last, except while `holding`. A failed call
 * keeps the screen and tries again with backoff; a lost place (404) joins again.
 * `startExpired` (the hold said the admission ran out) shows `expired` without joining until `rejoin`.
 */
export function useWaitingRoom(
  productUuid: string | null,
  startExpired: boolean,
  holding = false,
): WaitingRoomView {
  const [entry, setEntry] = useState<WaitingRoomEntry | null>(null);
  const [expired, setExpired] = useState(startExpired);
  const [reconnecting, setReconnecting] = useState(false);
  const [refused, setRefused] = useState(false);
  // Each (re)join is a new run of the loop; 0 = not joined yet (an expired admission waits for the visitor).
  const [run, setRun] = useState(startExpired ? 0 : 1);
  const token = useRef<string | null>(null);
  // While a hold uses the admission, the place reads as used (`expired`) until the hold ends: the hold decides.
  const holdingNow = useRef(holding);
  holdingNow.current = holding;

  useEffect(() => {
    if (!productUuid || run === 0) return;
    const controller = new AbortController();
    const { signal } = controller;
    let failures = 0;
    const accept = (next: WaitingRoomEntry) => {
      token.current = next.token;
      failures = 0;
      setReconnecting(false);
      setEntry(next);
      return next;
    };
    const loop = async () => {
      let current: WaitingRoomEntry | null = null;
      // The state the last answer gave, shown or not (while holding the screen keeps `current`): what the
      // next poll says it has seen, so the server parks it until that changes. Null until joined.
      let seen: WaitingRoomEntry['state'] | null = null;
      while (!signal.aborted) {
        try {
          const next: WaitingRoomEntry =
            seen === null
              ? await joinWaitingRoom(productUuid, token.current, signal)
              : await waitForEntryChange(productUuid, token.current, seen, signal);
          seen = next.state;
          if (current === null || !holdingNow.current) current = accept(next);
          // Polls go on in every state the server can leave, until the visitor leaves or holds (unmount).
          if (FINAL_STATES.includes(current.state)) return;
          if (current.state !== 'waiting' || holdingNow.current) {
            await sleep(Math.round(WAITING_ROOM_RETRY.idleMs * (0.75 + Math.random() * 0.5)), signal);
          }
        } catch (error) {
          if (signal.aborted || !(error instanceof ApiError) || isCancel(error)) return;
          if (current === null && isFinalRefusal(error)) {
            showErrorDialog(error.response?.data);
            setRefused(true);
            return;
          }
          // The place is gone (the cookie was dropped, the entry forgotten): join again, after the pause.
          if (error.status === 404) {
            current = null;
            seen = null;
            token.current = null;
          }
          failures += 1;
          setReconnecting(true);
          try {
            await sleep(retryDelayMs(failures), signal);
          } catch {
            return;
          }
        }
      }
    };
    void loop();
    return () => controller.abort();
  }, [productUuid, run]);

  const rejoin = useCallback(() => {
    setExpired(false);
    setEntry(null);
    setRefused(false);
    setRun((n) => n + 1);
  }, []);
  const markExpired = useCallback(() => setExpired(true), []);

  const phase: WaitingRoomPhase = expired ? 'expired' : refused ? 'refused' : (entry?.state ?? 'joining');
  return { phase, entry, reconnecting, token: entry?.token ?? null, rejoin, markExpired };
}
