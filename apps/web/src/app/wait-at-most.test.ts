import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitAtMost } from './wait-at-most.ts';

describe('waitAtMost', () => {
  afterEach(() => vi.useRealTimers());

  it('ends when the work ends, succeeded or failed', async () => {
    await expect(waitAtMost(Promise.resolve('done'), 60_000)).resolves.toBeUndefined();
    await expect(waitAtMost(Promise.reject(new Error('offline')), 60_000)).resolves.toBeUndefined();
  });

  it('ends after the time given when the work is still running', async () => {
    vi.useFakeTimers();
    const settled = vi.fn();
    void waitAtMost(new Promise(() => undefined), 1000).then(settled);
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledOnce();
  });
});
