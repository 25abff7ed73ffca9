import { cacheToastMessage } from '../stores/toast-store.ts';

/** The note a visitor who comes Back from a gateway's page without paying finds (the toast cache). */
export const GATEWAY_LEFT_TOAST = 'toast_payment_not_finished';
/** As long as a hold lasts at most: a note older than that would be about a payment long gone. */
const GATEWAY_NOTE_MS = 30 * 60_000;

/**
 * Sends the browser to a payment gateway's page (3-D Secure, a wallet's approval): it comes back through a
 * payment callback route. A function of its own so tests can stand in for the page leaving. It leaves a
 * note in the toast cache (issue 32, item 11): a visitor who comes back with the browser's Back button,
 * not through the callback, is told the payment was not finished; the callback screens drop the note
 * (app/use-cached-toast.ts).
 */
export function leaveForGateway(url: string, now = Date.now()): void {
  cacheToastMessage({ key: GATEWAY_LEFT_TOAST, expiresAt: now + GATEWAY_NOTE_MS });
  window.location.assign(url);
}
