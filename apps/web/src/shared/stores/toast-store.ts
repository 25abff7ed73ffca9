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

/** Keeps a message for the next page load (e.g. across a reload), in localStorage. */
export function cacheToastMessage(text: string): void {
  localStorage.setItem(siteKey(TOAST_CACHE), text);
}

/** Shows the cached message once and removes it (spec §3). */
export function showCachedToast(): void {
  const key = siteKey(TOAST_CACHE);
  const text = localStorage.getItem(key);
  if (text === null) return;
  localStorage.removeItem(key);
  useToastStore.getState().setToastText(text);
}
