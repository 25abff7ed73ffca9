import { create } from 'zustand';

/** Why calls wait: the server is overloaded (ADR 034), or its database is away (ADR 046). */
export type BusyReason = 'busy' | 'unavailable';

/**
 * When the server is past what it can answer (503 server busy, ADR 034) or cannot reach its database (503
 * temporarily unavailable, ADR 046) the API client waits and tries again by itself; this says until when
 * and why, so the layout can tell the visitor (shared/ui/busy-notice.tsx).
 */
export type BusyState = {
  /** Epoch ms of the next automatic try, or null when no call is waiting. */
  retryAt: number | null;
  /** The reason of the latest wait. */
  reason: BusyReason;
  waiting: number;
  startWaiting: (retryAt: number, reason?: BusyReason) => void;
  stopWaiting: () => void;
};

export const useBusyStore = create<BusyState>()((set) => ({
  retryAt: null,
  reason: 'busy',
  waiting: 0,
  startWaiting: (retryAt, reason = 'busy') =>
    set((state) => ({ retryAt, reason, waiting: state.waiting + 1 })),
  stopWaiting: () =>
    set((state) => {
      const waiting = Math.max(0, state.waiting - 1);
      return { waiting, retryAt: waiting === 0 ? null : state.retryAt };
    }),
}));
