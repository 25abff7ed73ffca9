import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCurrentSite } from '../site/detect-site.ts';
import { cacheToastMessage, TOAST_CLEAR_MS, TOAST_VISIBLE_MS, useToastStore } from './toast-store.ts';

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

  it('keeps a message for the next page load as its text key and values, under the site’s key', () => {
    cacheToastMessage({ key: 'toast_language_changed', values: { language: 'ไทย' } });
    expect(JSON.parse(localStorage.getItem('kippu.BORDERLESS.toastCache')!)).toEqual({
      key: 'toast_language_changed',
      values: { language: 'ไทย' },
    });
  });
});
