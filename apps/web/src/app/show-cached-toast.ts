import { matchPath } from 'react-router';
import { GATEWAY_LEFT_TOAST } from '../shared/payments/leave-for-gateway.ts';
import { paths } from '../shared/routing/paths.ts';
import { toastCacheKey, useToastStore, type CachedToast } from '../shared/stores/toast-store.ts';

type Translate = (key: string, values?: Record<string, string>) => string;

/** The screens a gateway's page returns to: they say how the payment ended themselves. */
const GATEWAY_RETURNS = [
  paths.paymentCallback.path,
  paths.paymentCallbackGmo3ds.path,
  paths.paymentCallbackSbps3ds.path,
  paths.dPayConfirm.path,
];

function readCachedToast(): CachedToast | null {
  const stored = localStorage.getItem(toastCacheKey());
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
  if (readCachedToast()?.key === key) localStorage.removeItem(toastCacheKey());
}

/** Shows the cached message once and removes it (spec §3: "shown once on mount then removed"). */
export function showCachedToast(translate: Translate, now = Date.now()): void {
  if (localStorage.getItem(toastCacheKey()) === null) return;
  const message = readCachedToast();
  localStorage.removeItem(toastCacheKey());
  if (!message || (message.expiresAt !== undefined && message.expiresAt <= now)) return;
  useToastStore.getState().setToastText(translate(message.key, message.values));
}

/**
 * What the page that starts at `pathname` does with the cache: a gateway's return screen drops the
 * "payment not finished" note (it tells the outcome itself), then any message left is shown once.
 */
export function showCachedToastOn(pathname: string, translate: Translate): void {
  if (GATEWAY_RETURNS.some((pattern) => matchPath(pattern, pathname))) dropCachedToast(GATEWAY_LEFT_TOAST);
  showCachedToast(translate);
}
