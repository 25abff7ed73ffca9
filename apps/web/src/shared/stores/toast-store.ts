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
 * values, and when it stops being worth showing.
 */
export type CachedToast = { key: string; values?: Record<string, string>; expiresAt?: number };
type Translate = (key: string, values?: Record<string, string>) => string;

/** Keeps a message for the next page load (a reload, a return from a gateway's page), in localStorage. */
export function cacheToastMessage(message: CachedToast): void {
  localStorage.setItem(siteKey(TOAST_CACHE), JSON.stringify(message));
}

function readCachedToast(): CachedToast | null {
  const stored = localStorage.getItem(siteKey(TOAST_CACHE));
  if (stored === null) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (parsed && typeof parsed === 'object' && typeof (parsed as CachedToast).key === 'string') {
      return parsed as CachedToast;
    }
  } catch {
    // Not ours (or from before messages were keys): nothing to show.
  }
  return null;
}

/** Removes the cached message if it is `key`'s: the screen at hand already says what it would say. */
export function dropCachedToast(key: string): void {
  if (readCachedToast()?.key === key) localStorage.removeItem(siteKey(TOAST_CACHE));
}

/** Shows the cached message once and removes it (spec §3: "shown once on mount then removed"). */
export function showCachedToast(translate: Translate, now = Date.now()): void {
  const key = siteKey(TOAST_CACHE);
  if (localStorage.getItem(key) === null) return;
  const message = readCachedToast();
  localStorage.removeItem(key);
  if (!message || (message.expiresAt !== undefined && message.expiresAt <= now)) return;
  useToastStore.getState().setToastText(translate(message.key, message.values));
}
