import { matchPath } from 'react-router';
import { GATEWAY_LEFT_TOAST } from '../shared/payments/leave-for-gateway.ts';
import { paths } from '../shared/routing/paths.ts';
import { toastCacheKey, useToastStore, type CachedToast } from '../shared/stores/toast-store.ts';

type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * The screens where a payment's outcome is shown: a gateway's return screens, and the screens a finished payment
 * of any flow lands on or a visitor opens afterwards (the booking's complete screen, a change of date's complete
 * screen after its top-up, the spot payment's sent-ticket and ticket screens, the mailed ticket, the payment
 * error). A page load there drops the "payment not finished" note: it would contradict what the screen says.
 */
const OUTCOME_SCREENS = [
  paths.paymentCallback.path,
  paths.paymentCallbackGmo3ds.path,
  paths.paymentCallbackSbps3ds.path,
  paths.dPayConfirm.path,
  paths.paymentError.path,
  paths.complete.path,
  paths.changeDateComplete.path,
  paths.spotEmailSended.path,
  paths.spotTicketInquiry.path,
  paths.ticketRedirect.path,
  paths.ticket.path,
  paths.ticketView.path,
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
 * What the page that starts at `pathname` does with the cache: a screen that shows a payment's outcome drops
 * the "payment not finished" note (it tells the outcome itself), then any message left is shown once.
 */
export function showCachedToastOn(pathname: string, translate: Translate): void {
  if (OUTCOME_SCREENS.some((pattern) => matchPath(pattern, pathname))) dropCachedToast(GATEWAY_LEFT_TOAST);
  showCachedToast(translate);
}
