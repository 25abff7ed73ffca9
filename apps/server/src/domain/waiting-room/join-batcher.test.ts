import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import { JOIN_BATCH, JoinBatcher } from './join-batcher.ts';
import { WAITING_ROOM_LINGER_MS } from './linger.ts';
import { joinQueue } from './queue-store.ts';

/** A statement the test answers by hand: what it was sent, and how to end it. */
interface Sent {
  values: unknown[];
  answer: () => void;
  fail: (error: unknown) => void;
}

/** A database whose batch statements wait for the test; each answers one row per join, positions from 1. */
function heldDb(): { db: Db; sent: Sent[] } {
  const sent: Sent[] = [];
  let position = 0;
  const query = (statement: { values: unknown[] }) =>
    new Promise((resolve, reject) => {
      const keys = statement.values[1] as (string | null)[];
      sent.push({
        values: statement.values,
        answer: () =>
          resolve({
            rows: keys.map((_, i) => ({
              ord: i + 1,
              opened: 1,
              id: 1000 + ++position,
              queue_id: 7,
              product_id: 1,
              product_uuid: 'u',
              position,
              state: 'waiting',
              admitted_until: null,
              admitted_through: 0,
              sold_out_at: null,
              ended_at: null,
              admit_per_minute: null,
            })),
          }),
        fail: reject,
      });
    });
  return { db: { $client: { query } } as unknown as Db, sent };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the join batcher', () => {
  it('keeps one statement of a run in flight, collects the next batch meanwhile, and bounds its size', async () => {
    const { db, sent } = heldDb();
    const batcher = new JoinBatcher(db, 3, 0);
    const take = (n: number) => Array.from({ length: n }, () => batcher.take(7, null, new Date()));
    const first = take(2);
    await settle();
    expect(sent).toHaveLength(1);
    const later = take(5);
    await settle();
    // The run's statement is still in flight: the five wait for it.
    expect(sent).toHaveLength(1);
    sent[0]!.answer();
    expect((await Promise.all(first)).map((taken) => taken.row!.entry.position)).toEqual([1, 2]);
    await settle();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.values[1]).toHaveLength(3);
    sent[1]!.answer();
    await settle();
    sent[2]!.answer();
    expect((await Promise.all(later)).map((taken) => taken.row!.entry.position)).toEqual([3, 4, 5, 6, 7]);
    expect(batcher.statements).toBe(3);
  });

  it('fails only the joins of the failed statement, with its error', async () => {
    const { db, sent } = heldDb();
    const batcher = new JoinBatcher(db, JOIN_BATCH, 0);
    const failed = [batcher.take(7, 'v.a', new Date()), batcher.take(7, null, new Date())];
    await settle();
    const next = batcher.take(7, 'v.b', new Date());
    const error = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    sent[0]!.fail(error);
    for (const join of failed) await expect(join).rejects.toBe(error);
    await settle();
    sent[1]!.answer();
    await expect(next).resolves.toMatchObject({ opened: true, row: { entry: { position: 1 } } });
  });

  it("waits the linger for a run's first statement, so joins read a few milliseconds apart share it", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const { db, sent } = heldDb();
      const batcher = new JoinBatcher(db);
      const first = batcher.take(7, null, new Date());
      vi.advanceTimersByTime(WAITING_ROOM_LINGER_MS - 1);
      expect(sent).toHaveLength(0);
      const second = batcher.take(7, null, new Date());
      vi.advanceTimersByTime(1);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.values[1]).toHaveLength(2);
      sent[0]!.answer();
      expect((await Promise.all([first, second])).map((taken) => taken.row!.entry.position)).toEqual([1, 2]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends the whole batch one by one when it met the dropped sequence of a run that ended', async () => {
    // The run ended since the snapshot and the operator switched the queue off: no run now (closed).
    const dropped = Object.assign(new Error('could not open relation with OID 123456'), { code: 'XX000' });
    const db = {
      $client: { query: () => Promise.reject(dropped) },
      execute: () => Promise.resolve({ rows: [] }),
    } as unknown as Db;
    const batcher = new JoinBatcher(db);
    let alone = 0;
    const joins = ['v.a', null].map((visitorKey) =>
      joinQueue(
        db,
        { site: 'DEMO', productId: 1, visitorKey, knownQueueId: 7 },
        { batch: batcher, alone: (work) => ((alone += 1), work()) },
      ),
    );
    await expect(Promise.all(joins)).resolves.toEqual([null, null]);
    expect(batcher.statements).toBe(1);
    expect(alone).toBe(2);
  });
});
