import { create } from 'zustand';

/**
 * When the server is past what it can answer (503 server busy, ADR 034) the API client waits and tries
 * again by itself; this says until when, so the layout can tell the visitor (shared/ui/busy-notice.tsx).
 */
export type BusyState = {
  /** Epoch ms of the next automatic try, or null when no call is waiting. */
  retryAt: number | null;
  waiting: number;
  startWaiting: (retryAt: number) => void;
  stopWaiting: () => void;
};

export const useBusyStore = create<BusyState>()((set) => ({
  retryAt: null,
  waiting: 0,
  startWaiting: (retryAt) => set((state) => ({ retryAt, waiting: state.waiting + 1 })),
  stopWaiting: () =>
    set((state) => {
      const waiting = Math.max(0, state.waiting - 1);
      return { waiting, retryAt: waiting === 0 ? null : state.retryAt };
    }),
}));
