import { create } from 'zustand';
import { siteKey } from '../storage/site-storage.ts';

export const TOAST_VISIBLE_MS = 3500;
export const TOAST_CLEAR_MS = 1000;
const TOAST_CACHE = 'toastCache';

type ToastState = {
  toastText: string;
  isOpen: boolean;
  /** Non-empty text opens the toast and restarts its timers; empty text closes it. */
  setToastText: (text: string) => void;
};

let hideTimer: ReturnType<typeof setTimeout> | undefined;
let clearTimer: ReturnType<typeof setTimeout> | undefined;

function stopTimers() {
  clearTimeout(hideTimer);
  clearTimeout(clearTimer);
}

export const useToastStore = create<ToastState>()((set) => ({
  toastText: '',
  isOpen: false,
  setToastText: (text) => {
    stopTimers();
    if (!text) {
      set({ toastText: '', isOpen: false });
      return;
    }
    set({ toastText: text, isOpen: true });
    hideTimer = setTimeout(() => {
      set({ isOpen: false });
      // The text stays while the closing transition runs, then clears.
      clearTimer = setTimeout(() => set({ toastText: '' }), TOAST_CLEAR_MS);
    }, TOAST_VISIBLE_MS);
  },
}));

/**
 * A message kept for the next page load (spec §3 toast cache, local storage): a text key, read in the
 * language of the page that shows it (a language change reloads the page in another one, ADR 037), its
 * values, and when it stops being worth showing. The page that shows it: app/show-cached-toast.ts.
 */
export type CachedToast = { key: string; values?: Record<string, string>; expiresAt?: number };

/** Where the message is kept: this site's key in localStorage. */
export const toastCacheKey = (): string => siteKey(TOAST_CACHE);

/** Keeps a message for the next page load (a reload, a return from a gateway's page), in localStorage. */
export function cacheToastMessage(message: CachedToast): void {
  localStorage.setItem(toastCacheKey(), JSON.stringify(message));
}
