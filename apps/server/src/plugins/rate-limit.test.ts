import { describe, expect, it, vi } from 'vitest';
import { MAX_CLIENTS_PER_ROUTE, SnapshotRateLimitStore } from './rate-limit.ts';

const MINUTE = 60_000;

function countOf(store: SnapshotRateLimitStore, key: string): number {
  let current = -1;
  store.incr(key, (_error, result) => (current = result!.current), MINUTE);
  return current;
}

describe('SnapshotRateLimitStore', () => {
  it('answers each call of a burst with its own count, per client', () => {
    const store = new SnapshotRateLimitStore();
    expect([1, 2, 3].map(() => countOf(store, 'a'))).toEqual([1, 2, 3]);
    expect(countOf(store, 'b')).toBe(1);
  });

  it('starts a new window once the old one has passed', () => {
    vi.useFakeTimers();
    try {
      const store = new SnapshotRateLimitStore();
      countOf(store, 'a');
      countOf(store, 'a');
      vi.advanceTimersByTime(MINUTE);
      expect(countOf(store, 'a')).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a client counted while a flood of new addresses arrives, and forgets the oldest beyond its bound', () => {
    const store = new SnapshotRateLimitStore();
    countOf(store, 'early');
    for (let i = 0; i < MAX_CLIENTS_PER_ROUTE / 2; i += 1) countOf(store, `flood-${i}`);
    expect(countOf(store, 'early')).toBe(2);
    for (let i = 0; i < MAX_CLIENTS_PER_ROUTE; i += 1) countOf(store, `second-flood-${i}`);
    expect(countOf(store, 'early')).toBe(1);
  });
});
