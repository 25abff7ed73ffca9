import { describe, expect, it } from 'vitest';
import { entryView } from './entry-view.ts';
import type { EntryRow, QueueRow } from './queue-store.ts';

const queue: QueueRow = {
  id: 1,
  product_id: 2,
  product_uuid: '00000000-0000-0000-0000-000000000002',
  admitted_through: 100,
  sold_out_at: null,
  ended_at: null,
  admit_per_minute: 60,
};
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
    const view = entryView(waiting(90, 4), queue, 't', 60);
    expect(view).toMatchObject({ state: 'waiting', position: 5, estimated_wait_seconds: 5 });
  });
  it('beyond the admitted positions the distance stands', () => {
    expect(entryView(waiting(130, null), queue, 't', 60)).toMatchObject({ position: 30 });
  });
});
