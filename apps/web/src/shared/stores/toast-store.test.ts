import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCurrentSite } from '../site/detect-site.ts';
import {
  cacheToastMessage,
  dropCachedToast,
  showCachedToast,
  TOAST_CLEAR_MS,
  TOAST_VISIBLE_MS,
  useToastStore,
} from './toast-store.ts';

const state = () => useToastStore.getState();

describe('toast (spec §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetCurrentSite('BORDERLESS');
    useToastStore.getState().setToastText('');
  });
  afterEach(() => vi.useRealTimers());

  it('opens on text, hides after 3500 ms and clears the text 1000 ms later', () => {
    state().setToastText('Saved');
    expect(state()).toMatchObject({ isOpen: true, toastText: 'Saved' });
    vi.advanceTimersByTime(TOAST_VISIBLE_MS - 1);
    expect(state().isOpen).toBe(true);
    vi.advanceTimersByTime(1);
    expect(state()).toMatchObject({ isOpen: false, toastText: 'Saved' });
    vi.advanceTimersByTime(TOAST_CLEAR_MS - 1);
    expect(state().toastText).toBe('Saved');
    vi.advanceTimersByTime(1);
    expect(state().toastText).toBe('');
  });

  it('a new text resets the earlier timer', () => {
    state().setToastText('First');
    vi.advanceTimersByTime(3000);
    state().setToastText('Second');
    vi.advanceTimersByTime(3000);
    expect(state()).toMatchObject({ isOpen: true, toastText: 'Second' });
    vi.advanceTimersByTime(500);
    expect(state().isOpen).toBe(false);
  });

  it('shows a cached message once, in the language of the page that shows it, then removes it', () => {
    cacheToastMessage({ key: 'toast_language_changed', values: { language: 'ไทย' } });
    expect(localStorage.getItem('kippu.BORDERLESS.toastCache')).not.toBeNull();
    const translate = (key: string, values?: Record<string, string>) => `${key}:${values?.language}`;
    showCachedToast(translate);
    expect(state().toastText).toBe('toast_language_changed:ไทย');
    expect(localStorage.getItem('kippu.BORDERLESS.toastCache')).toBeNull();
    state().setToastText('');
    showCachedToast(translate);
    expect(state().toastText).toBe('');
  });

  it('drops a cached message past its time, and one that is not a message', () => {
    cacheToastMessage({ key: 'toast_payment_not_finished', expiresAt: 1_000 });
    showCachedToast((key) => key, 1_000);
    expect(state().toastText).toBe('');
    expect(localStorage.getItem('kippu.BORDERLESS.toastCache')).toBeNull();
    localStorage.setItem('kippu.BORDERLESS.toastCache', 'plain text');
    showCachedToast((key) => key);
    expect(state().toastText).toBe('');
    expect(localStorage.getItem('kippu.BORDERLESS.toastCache')).toBeNull();
  });

  it('dropCachedToast removes only the message it names', () => {
    cacheToastMessage({ key: 'toast_language_changed', values: { language: 'English' } });
    dropCachedToast('toast_payment_not_finished');
    expect(localStorage.getItem('kippu.BORDERLESS.toastCache')).not.toBeNull();
    dropCachedToast('toast_language_changed');
    expect(localStorage.getItem('kippu.BORDERLESS.toastCache')).toBeNull();
  });
});
