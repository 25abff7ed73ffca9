import { beforeEach, describe, expect, it } from 'vitest';
import { resetCurrentSite } from '../shared/site/detect-site.ts';
import { cacheToastMessage, useToastStore } from '../shared/stores/toast-store.ts';
import { GATEWAY_LEFT_TOAST } from '../shared/payments/leave-for-gateway.ts';
import { dropCachedToast, showCachedToast, showCachedToastOn } from './show-cached-toast.ts';

const state = () => useToastStore.getState();
const stored = () => localStorage.getItem('kippu.BORDERLESS.toastCache');

/** The toast cache's reading side (spec §3: "shown once on mount then removed"; ADR 105). */
describe('showCachedToast', () => {
  beforeEach(() => {
    resetCurrentSite('BORDERLESS');
    state().setToastText('');
  });

  it('shows a cached message once, in the language of the page that shows it, then removes it', () => {
    cacheToastMessage({ key: 'toast_language_changed', values: { language: 'ไทย' } });
    const translate = (key: string, values?: Record<string, string>) => `${key}:${values?.language}`;
    showCachedToast(translate);
    expect(state().toastText).toBe('toast_language_changed:ไทย');
    expect(stored()).toBeNull();
    state().setToastText('');
    showCachedToast(translate);
    expect(state().toastText).toBe('');
  });

  it('drops a cached message past its time, and one that is not a message', () => {
    cacheToastMessage({ key: 'toast_payment_not_finished', expiresAt: 1_000 });
    showCachedToast((key) => key, 1_000);
    expect(state().toastText).toBe('');
    expect(stored()).toBeNull();
    localStorage.setItem('kippu.BORDERLESS.toastCache', 'plain text');
    showCachedToast((key) => key);
    expect(state().toastText).toBe('');
    expect(stored()).toBeNull();
  });

  it('dropCachedToast removes only the message it names', () => {
    cacheToastMessage({ key: 'toast_language_changed', values: { language: 'English' } });
    dropCachedToast('toast_payment_not_finished');
    expect(stored()).not.toBeNull();
    dropCachedToast('toast_language_changed');
    expect(stored()).toBeNull();
  });

  // Review finding 18: a payment that finished shows its outcome on more screens than the booking callbacks.
  it.each([
    '/complete',
    '/payment-callback/gmo3ds',
    '/tickets/changedate/complete/res-1',
    '/spot/email-sended/res-1',
    '/spot/ticket-inquiry',
    '/id/res-1',
    '/payment-error',
  ])('a page load on %s, where a payment tells its outcome, drops the "payment not finished" note', (pathname) => {
    cacheToastMessage({ key: GATEWAY_LEFT_TOAST, expiresAt: Date.now() + 60_000 });
    showCachedToastOn(pathname, (key) => key);
    expect(state().toastText).toBe('');
    expect(stored()).toBeNull();
  });

  it('elsewhere (the payment screen Back returns to) the note is shown', () => {
    cacheToastMessage({ key: GATEWAY_LEFT_TOAST, expiresAt: Date.now() + 60_000 });
    showCachedToastOn('/tickets/changedate/payment/res-1', (key) => key);
    expect(state().toastText).toBe(GATEWAY_LEFT_TOAST);
  });
});
