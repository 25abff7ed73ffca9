import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { isDroppedRelation, joinQueue } from './queue-store.ts';

/** PostgreSQL's error for a join that resolved the run's sequence before the run's end dropped it. */
function droppedSequence(): Error & { code: string } {
  return Object.assign(new Error('could not open relation with OID 123456'), { code: 'XX000' });
}

describe('a join racing the end of its run (review finding 18)', () => {
  it('answers "no queue in force" (closed), never a 5xx, when the sequence was dropped under it', async () => {
    // The run the snapshot knew ended (its sequence gone) and the operator switched the queue off: no run now.
    const db = {
      $client: { query: () => Promise.reject(droppedSequence()) },
      execute: () => Promise.resolve({ rows: [] }),
    } as unknown as Db;
    await expect(
      joinQueue(db, { site: 'DEMO', productId: 1, visitorKey: null, knownQueueId: 7 }),
    ).resolves.toBe(null);
  });

  it('tells the dropped sequence from other internal errors', () => {
    expect(isDroppedRelation('XX000', droppedSequence())).toBe(true);
    expect(isDroppedRelation('XX000', new Error('some other internal error'))).toBe(false);
    expect(isDroppedRelation('23505', droppedSequence())).toBe(false);
  });
});
