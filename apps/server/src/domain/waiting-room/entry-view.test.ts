import { describe, expect, it } from 'vitest';
import { entryView } from './entry-view.ts';
import type { EntryRow, QueueRow } from './queue-store.ts';
import { DEFAULT_TIMING } from './timing.ts';

const queue: QueueRow = {
  id: 1,
  product_id: 2,
  product_uuid: '00000000-0000-0000-0000-000000000002',
  admitted_through: 100,
  sold_out_at: null,
  ended_at: null,
  admit_per_minute: 60,
  pace_milli: null,
};
const unpaced = { ...DEFAULT_TIMING, pacing: false };
const waiting = (position: number, ahead: number | null): EntryRow => ({
  id: 9,
  queue_id: 1,
  product_id: 2,
  position,
  state: 'waiting',
  admitted_until: null,
  ahead,
});

describe('a waiting place (review finding 12: admission goes by arrival, not by position)', () => {
  it('an entry overtaken by earlier arrivals is told how many still go before it, not "next"', () => {
    const view = entryView(waiting(90, 4), queue, 't', unpaced);
    expect(view).toMatchObject({ state: 'waiting', position: 5, estimated_wait_seconds: 5 });
  });
  it('beyond the admitted positions the distance stands', () => {
    expect(entryView(waiting(130, null), queue, 't', unpaced)).toMatchObject({ position: 30 });
  });
  it('estimates the wait at the paced rate (ADR 133), not the rate alone', () => {
    const rush = { ...queue, admit_per_minute: null, pace_milli: 100 };
    // The automatic 1,200 a minute at a tenth: two a second, so 30 ahead wait 15 s (at the full rate, 2 s).
    expect(entryView(waiting(130, null), rush, 't', DEFAULT_TIMING)).toMatchObject({
      position: 30,
      estimated_wait_seconds: 15,
    });
    expect(entryView(waiting(130, null), { ...rush, pace_milli: 1000 }, 't', DEFAULT_TIMING)).toMatchObject({
      estimated_wait_seconds: 2,
    });
  });
});
