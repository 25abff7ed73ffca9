import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTokyoToday } from './use-tokyo-today.ts';

describe('useTokyoToday', () => {
  afterEach(() => vi.useRealTimers());

  it('turns over at Tokyo midnight, and again the night after', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-11-27T14:59:00Z')); // 23:59 on the 27th in Tokyo
    const { result } = renderHook(() => useTokyoToday());
    expect(result.current).toBe('2026-11-27');

    act(() => vi.advanceTimersByTime(59_000));
    expect(result.current).toBe('2026-11-27');
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe('2026-11-28');

    act(() => vi.advanceTimersByTime(24 * 60 * 60 * 1000));
    expect(result.current).toBe('2026-11-29');
  });

  it('waits again when its timer fires a moment before midnight by the wall clock', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-11-27T14:59:00Z')); // 23:59 on the 27th in Tokyo
    const { result } = renderHook(() => useTokyoToday());
    // The wall clock is set back 2 s while the timer runs: it fires at 23:59:58.
    vi.setSystemTime(new Date('2026-11-27T14:58:58Z'));
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current).toBe('2026-11-27');
    act(() => vi.advanceTimersByTime(2_000));
    expect(result.current).toBe('2026-11-28');
  });
});
