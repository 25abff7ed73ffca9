import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from './client.ts';
import { isLsn, lsnValue, readPoolOver } from './read-pool.ts';

describe('WAL positions', () => {
  it('compares the high half before the low one', () => {
    expect(lsnValue('0/FFFFFFFF') < lsnValue('1/0')).toBe(true);
    expect(lsnValue('0/16B3748')).toBe(0x16b3748n);
    expect(lsnValue('A/0') > lsnValue('9/FFFFFFFF')).toBe(true);
  });

  it('takes only a position from a cookie, never other text', () => {
    expect(isLsn('0/16B3748')).toBe(true);
    expect(isLsn('0/16b3748')).toBe(true);
    expect(isLsn("0/1'; DROP TABLE orders; --")).toBe(false);
    expect(isLsn('123')).toBe(false);
    expect(isLsn(undefined)).toBe(false);
  });
});

/** A Db whose client answers the WAL position queries from a list, and counts them. */
function fakeDb(positions: string[]) {
  const asked: string[] = [];
  const resolvers: (() => void)[] = [];
  const db = {
    $client: {
      query: (text: string) => {
        asked.push(text);
        const lsn = positions.shift()!;
        return new Promise((resolve) => resolvers.push(() => resolve({ rows: [{ lsn }] })));
      },
      end: async () => undefined,
    },
  } as unknown as Db;
  return { db, asked, answerNext: () => resolvers.shift()!() };
}

describe('the primary position after a write', () => {
  it('is asked once for the writes that end together, and afresh for a write that ends while it runs', async () => {
    const primary = fakeDb(['0/100', '0/200']);
    const pool = readPoolOver(primary.db, fakeDb([]).db);
    const first = pool.primaryPosition();
    // Both come while the first query runs: its answer may predate their commits, so they share the next.
    const second = pool.primaryPosition();
    const third = pool.primaryPosition();
    expect(primary.asked).toHaveLength(1);
    primary.answerNext();
    expect(await first).toBe('0/100');
    await new Promise((resolve) => setImmediate(resolve));
    expect(primary.asked).toHaveLength(2);
    primary.answerNext();
    expect(await second).toBe('0/200');
    expect(await third).toBe('0/200');
  });
});

describe("the replica's replay position", () => {
  afterEach(() => void vi.useRealTimers());
  it("is asked at most once per 100 ms and compared with each visitor's write", async () => {
    // The clock stands still (a loaded machine must not make the 100 ms pass between two calls).
    vi.useFakeTimers({ toFake: ['Date'] });
    const replica = fakeDb(['0/150', '0/300']);
    const pool = readPoolOver(fakeDb([]).db, replica.db);
    const behind = pool.replayedPast('0/200');
    const past = pool.replayedPast('0/100');
    replica.answerNext();
    expect(await behind).toBe(false);
    expect(await past).toBe(true);
    // Within the cache's 100 ms: no new query, the same answer.
    expect(await pool.replayedPast('0/200')).toBe(false);
    expect(replica.asked).toHaveLength(1);
    // Past it: asked again.
    vi.setSystemTime(Date.now() + 101);
    const later = pool.replayedPast('0/200');
    expect(replica.asked).toHaveLength(2);
    replica.answerNext();
    expect(await later).toBe(true);
  });
});

describe('a read on the replica', () => {
  const conflict = Object.assign(new Error('canceling statement due to conflict with recovery'), {
    code: '40001',
  });

  /** A pool whose replica fails its first read with `error`; `read()` says which database answered. */
  function replicaFailingOnce(error: unknown) {
    const primary = fakeDb([]).db;
    const replica = fakeDb([]).db;
    const pool = readPoolOver(primary, replica);
    const logged: string[] = [];
    pool.log = (line) => logged.push(line);
    const used: Db[] = [];
    let first = true;
    const read = () =>
      pool.read(async (db) => {
        used.push(db);
        if (db === replica && first) {
          first = false;
          throw error;
        }
        return db === primary ? 'primary' : 'replica';
      });
    return { read, used, logged, primary, replica };
  }

  it('cancelled by the replay goes to the primary, and the next read tries the replica again', async () => {
    const { read, used, primary, replica } = replicaFailingOnce(conflict);
    expect(await read()).toBe('primary');
    expect(await read()).toBe('replica');
    expect(used).toEqual([replica, primary, replica]);
  });

  it('with a statement prepared before a migration goes to the primary once, and the replica stays in use', async () => {
    const stale = Object.assign(new Error('cached plan must not change result type'), {
      code: '0A000',
      routine: 'RevalidateCachedQuery',
    });
    const { read, used, logged, primary, replica } = replicaFailingOnce(
      new Error('Failed query', { cause: stale }),
    );
    expect(await read()).toBe('primary');
    expect(await read()).toBe('replica');
    expect(used).toEqual([replica, primary, replica]);
    expect(logged).toEqual([]);
  });

  it('failing for another reason fails as it would on the primary', async () => {
    const pool = readPoolOver(fakeDb([]).db, fakeDb([]).db);
    await expect(
      pool.read(async () => {
        throw new Error('column does not exist');
      }),
    ).rejects.toThrow('column does not exist');
  });
});
