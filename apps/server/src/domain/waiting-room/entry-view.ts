import type { WaitingRoomEntry } from '@kippu/contract';
import { paceOf, pacedPerSecond } from './admission-pace.ts';
import type { EntryRow, QueueRow } from './queue-store.ts';
import type { WaitingRoomTiming } from './timing.ts';

/**
 * What a visitor is told about their place (ADR 095), from their entry and its queue: the same function for
 * a plain read and for the long polls' shared check, so both always agree.
 */
export function entryView(
  entry: EntryRow,
  queue: QueueRow,
  token: string,
  timing: WaitingRoomTiming,
  now = Date.now(),
): WaitingRoomEntry {
  const base = {
    product_id: queue.product_id,
    product_uuid: queue.product_uuid,
    token,
    position: null,
    estimated_wait_seconds: null,
    admitted_until: null,
  };
  if (queue.ended_at !== null) return { ...base, state: 'closed' };
  if (entry.state === 'used' || entry.state === 'expired') return { ...base, state: 'expired' };
  if (entry.state === 'admitted') {
    // Admitted visitors are told too: nothing is left for their hold to take.
    if (queue.sold_out_at !== null) return { ...base, state: 'sold_out' };
    if (entry.admitted_until === null || entry.admitted_until.getTime() <= now) {
      return { ...base, state: 'expired' };
    }
    return { ...base, state: 'admitted', admitted_until: entry.admitted_until.toISOString() };
  }
  if (queue.sold_out_at !== null) return { ...base, state: 'sold_out' };
  // Positions are drawn per process, but the step admits by arrival (`arrived_at, position`, ADR 095 addendum)
  // and `admitted_through` is the highest position admitted. Beyond it, the distance to it is the estimate. An
  // entry at or below it that still waits was overtaken by earlier arrivals with higher numbers: its reader
  // counts the waiting entries that arrived before it (`ahead`), else it would be told "next" while they go first.
  const position =
    entry.ahead !== null && entry.ahead !== undefined
      ? entry.ahead + 1
      : Math.max(1, entry.position - queue.admitted_through);
  // At the run's paced rate (ADR 133): in a rush's first seconds a tenth of the rate, not the rate.
  const rate = queue.admit_per_minute ?? timing.automaticAdmitPerMinute;
  const perSecond = pacedPerSecond(paceOf(queue.pace_milli, timing), rate, timing);
  return {
    ...base,
    state: 'waiting',
    position,
    estimated_wait_seconds: Math.ceil(position / perSecond),
  };
}
