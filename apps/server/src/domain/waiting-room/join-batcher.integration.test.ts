import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import { createProduct } from '../../../test/factories.ts';
import { JoinBatcher } from './join-batcher.ts';
import { joinQueue } from './queue-store.ts';

const ctx = setupTestApp();

/** A product whose queue is switched on, with its run open (the step opened it, or a first join). */
async function openRun(): Promise<{ productId: number; queueId: number }> {
  const product = await createProduct(ctx.db, { site: 'DEMO' });
  const { rows } = await ctx.db.execute<{ id: number }>(sql`
    WITH switched AS (UPDATE products SET waiting_room_enabled = true WHERE id = ${product.id} RETURNING id)
    INSERT INTO waiting_room_queues (product_id, site_code, product_uuid, reason)
    SELECT p.id, p.site_code, p.uuid, 'operator' FROM products p JOIN switched s ON s.id = p.id
    RETURNING id`);
  return { productId: product.id, queueId: Number(rows[0]!.id) };
}

const key = () => `v.${randomUUID()}`;

describe('joins batched per process (ADR 095 addendum)', () => {
  it('takes the positions of many concurrent joins in one statement, distinct and in arrival order', async () => {
    const { productId, queueId } = await openRun();
    const batcher = new JoinBatcher(ctx.db);
    const start = Date.now();
    // Called in an order unlike their arrivals (a balancer's stamps, two processes' reads).
    const arrivals = Array.from({ length: 40 }, (_, i) => start - ((i * 7) % 40) * 10);
    const joined = await Promise.all(
      arrivals.map((at, i) =>
        joinQueue(
          ctx.db,
          {
            site: 'DEMO',
            productId,
            visitorKey: i % 3 === 0 ? null : key(),
            knownQueueId: queueId,
            arrivedAt: new Date(at),
          },
          { batch: batcher },
        ),
      ),
    );
    expect(batcher.statements).toBe(1);
    const positions = joined.map((place) => place!.entry.position);
    expect([...positions].sort((a, b) => a - b)).toEqual(arrivals.map((_, i) => i + 1));
    const byArrival = arrivals.map((at, i) => ({ at, position: positions[i]! })).sort((a, b) => a.at - b.at);
    expect(byArrival.map((join) => join.position)).toEqual(arrivals.map((_, i) => i + 1));
    expect(joined.every((place) => place!.entry.state === 'waiting' && place!.queue.id === queueId)).toBe(
      true,
    );
    const { rows } = await ctx.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM waiting_room_entries WHERE queue_id = ${queueId}`);
    expect(rows[0]!.n).toBe(40);
  });

  it('gives the same key twice in one batch (two tabs at once) one place, drawn at its earlier arrival', async () => {
    const { productId, queueId } = await openRun();
    const batcher = new JoinBatcher(ctx.db);
    const tabs = key();
    const now = Date.now();
    const join = (visitorKey: string | null, at: number) =>
      joinQueue(
        ctx.db,
        { site: 'DEMO', productId, visitorKey, knownQueueId: queueId, arrivedAt: new Date(at) },
        { batch: batcher },
      );
    const [later, other, earlier] = await Promise.all([
      join(tabs, now),
      join(null, now - 50),
      join(tabs, now - 100),
    ]);
    expect(batcher.statements).toBe(1);
    expect(later!.entry.id).toBe(earlier!.entry.id);
    expect(earlier!.entry.position).toBe(1);
    expect(other!.entry.position).toBe(2);
    const { rows } = await ctx.db.execute<{ n: number; arrived_at: Date }>(sql`
      SELECT count(*)::int AS n, min(arrived_at) AS arrived_at FROM waiting_room_entries
       WHERE queue_id = ${queueId} AND visitor_key = ${tabs}`);
    expect(rows[0]!.n).toBe(1);
    expect(new Date(rows[0]!.arrived_at).getTime()).toBe(now - 100);
    // Nor did the second tab draw a position (a gap): the next join is third.
    expect((await join(null, Date.now()))!.entry.position).toBe(3);
  });

  it('answers a visitor their place in the run, never a better one, however early they say they arrived', async () => {
    const { productId, queueId } = await openRun();
    const batcher = new JoinBatcher(ctx.db);
    const known = key();
    const join = (visitorKey: string | null, at: Date) =>
      joinQueue(
        ctx.db,
        { site: 'DEMO', productId, visitorKey, knownQueueId: queueId, arrivedAt: at },
        { batch: batcher },
      );
    await join(null, new Date());
    const first = await join(known, new Date());
    expect(first!.entry.position).toBe(2);
    // Admitted meanwhile: the batch answers the admission as it stands.
    await ctx.db.execute(sql`
      UPDATE waiting_room_entries SET state = 'admitted', admitted_until = now() + interval '5 minutes'
       WHERE id = ${first!.entry.id}`);
    const [again, newcomer] = await Promise.all([
      join(known, new Date(Date.now() - 60_000)),
      join(key(), new Date(Date.now() - 30_000)),
    ]);
    expect(again!.entry).toMatchObject({ id: first!.entry.id, position: 2, state: 'admitted' });
    expect(newcomer!.entry.position).toBe(3);
    const { rows } = await ctx.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM waiting_room_entries WHERE queue_id = ${queueId} AND visitor_key = ${known}`);
    expect(rows[0]!.n).toBe(1);
  });

  it("answers the place another process's join of the same key took while the batch waited for it", async () => {
    const { productId, queueId } = await openRun();
    const batcher = new JoinBatcher(ctx.db);
    const both = key();
    const other = await ctx.db.$client.connect();
    try {
      // The other process's join of the key, not yet committed: the batch's insert waits for it.
      await other.query('BEGIN');
      const { rows } = await other.query<{ id: string }>(
        `INSERT INTO waiting_room_entries (queue_id, position, visitor_key)
         VALUES ($1, nextval('waiting_room_positions_' || $1::bigint), $2) RETURNING id`,
        [queueId, both],
      );
      const joined = Promise.all(
        [both, null].map((visitorKey) =>
          joinQueue(
            ctx.db,
            { site: 'DEMO', productId, visitorKey, knownQueueId: queueId },
            { batch: batcher },
          ),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      await other.query('COMMIT');
      const [same, newcomer] = await joined;
      expect(same!.entry).toMatchObject({ id: Number(rows[0]!.id), position: 1 });
      expect(newcomer!.entry.position).toBeGreaterThan(1);
    } finally {
      other.release();
    }
  });

  it('falls back to the run in force when the snapshot named a run that ended since', async () => {
    const { productId, queueId } = await openRun();
    const batcher = new JoinBatcher(ctx.db);
    await ctx.db.execute(sql`UPDATE waiting_room_queues SET ended_at = now() WHERE id = ${queueId}`);
    let alone = 0;
    const joined = await Promise.all(
      [key(), null].map((visitorKey) =>
        joinQueue(
          ctx.db,
          { site: 'DEMO', productId, visitorKey, knownQueueId: queueId },
          { batch: batcher, alone: (work) => ((alone += 1), work()) },
        ),
      ),
    );
    expect(batcher.statements).toBe(1);
    expect(alone).toBe(2);
    // The operator's switch is still on: the first of them opened the next run, and both are in it.
    expect(joined[0]!.queue.id).not.toBe(queueId);
    expect(joined[1]!.queue.id).toBe(joined[0]!.queue.id);
    expect(joined.map((place) => place!.entry.position).sort()).toEqual([1, 2]);
  });

  it('keeps places over a restart: another process (a new batcher) answers the same place', async () => {
    const { productId, queueId } = await openRun();
    const visitor = key();
    const input = { site: 'DEMO', productId, visitorKey: visitor, knownQueueId: queueId };
    const before = await joinQueue(ctx.db, input, { batch: new JoinBatcher(ctx.db) });
    const after = await joinQueue(ctx.db, input, { batch: new JoinBatcher(ctx.db) });
    expect(after!.entry).toMatchObject({ id: before!.entry.id, position: 1 });
  });
});
