import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMove } from '../src/domain/visitor-moves/create-move.ts';
import { setupTestApp } from './helper.ts';
import { spawnServer, type ServerChild } from './server-child.ts';
import {
  closedDay,
  expectedTargets,
  movedMails,
  rowsOf,
  shareOneTicket,
  type ClosedDay,
} from './visitor-moves-support.ts';

/**
 * Issue 29, acceptance 2 (ADR 079): a day of 30 reservations moved by the real server's job runner, the server
 * killed with SIGKILL in the middle of an item's transaction and started again: the run finishes with every
 * reservation that fits moved once, mailed once, the rest refunded once.
 */
const ctx = setupTestApp();
const CAPACITIES = [15, 10];
const servers: ServerChild[] = [];
let day: ClosedDay;
let moveId: number;

afterAll(() => {
  for (const server of servers) server.kill();
});

beforeAll(async () => {
  day = await closedDay(ctx.app, ctx.db, { count: 30, targetCapacities: CAPACITIES, tag: 'killed' });
  await shareOneTicket(ctx.app, ctx.db, day, day.reservations[1]!.token, 'companion@example.jp');
  const created = await createMove(ctx.db, { kind: 'system', label: 'visitor-moves' }, 'DEMO', {
    source: { kind: 'day', product_uuid: day.productUuid, date: day.date },
    target_slot_ids: day.targetSlotIds,
    fallback: 'refund',
    preview: false,
  });
  moveId = created.move_id!;
});

async function start(): Promise<ServerChild> {
  const server = await spawnServer({ DATABASE_URL: ctx.env.DATABASE_URL!, JOB_POLL_MS: '50' });
  servers.push(server);
  await server.ready();
  return server;
}

/** Polls until `check` holds, for at most `ms`. */
async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const settledItems = async () =>
  (
    await rowsOf<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM visitor_move_items WHERE move_id = ${moveId} AND state <> 'pending'`,
    )
  )[0]!.n;

describe('a move run killed with SIGKILL mid-run', () => {
  it('is finished by the next server with no double move, mail or refund', async () => {
    const ticketsBefore = await rowsOf<{ id: string; secret: string }>(
      ctx.db,
      sql`SELECT id, secret FROM tickets`,
    );
    // The fifth reservation's order is locked here: the run settles four items, then waits inside the fifth
    // item's transaction, where the server dies.
    const blocker = new pg.Client({ connectionString: ctx.env.DATABASE_URL });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [day.reservations[4]!.orderId]);

    const first = await start();
    await until(
      async () =>
        (await settledItems()) === 4 &&
        // A session of this test's own database waits on a lock: the server's, on the fifth order.
        (
          await rowsOf(
            ctx.db,
            sql`SELECT 1 FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
          )
        ).length > 0,
      60_000,
      'the run to wait in its fifth item',
    );
    first.kill();
    expect((await first.exited).signal).toBe('SIGKILL');
    await blocker.query('ROLLBACK');
    await blocker.end();
    expect(await settledItems()).toBe(4);

    const second = await start();
    await until(
      async () =>
        (await rowsOf(ctx.db, sql`SELECT 1 FROM visitor_moves WHERE id = ${moveId} AND status = 'done'`))
          .length > 0,
      90_000,
      'the run to finish on the second server',
    );
    second.kill();

    const expected = expectedTargets(day, CAPACITIES);
    const fits = expected.filter((target) => target !== null).length;
    const items = await rowsOf<{ reservation_id: string; state: string; moved_to_slot_id: string | null }>(
      ctx.db,
      sql`SELECT reservation_id, state, moved_to_slot_id FROM visitor_move_items WHERE move_id = ${moveId}
          ORDER BY position`,
    );
    expect(
      items.map((item) => (item.moved_to_slot_id === null ? null : Number(item.moved_to_slot_id))),
    ).toEqual(expected);
    expect(items.map((item) => item.state)).toEqual(
      expected.map((target) => (target ? 'moved' : 'refunded')),
    );

    // Once each: a mail per moved holder and the companion, an audit per move, a refund per refunded one.
    const mails = await movedMails(ctx.db);
    const holders = day.reservations.filter((_, index) => expected[index] !== null).map((r) => r.email);
    expect(mails.map((mail) => mail.to_address).sort()).toEqual([...holders, 'companion@example.jp'].sort());
    const audits = await rowsOf(ctx.db, sql`SELECT 1 FROM audit_events WHERE action = 'visit_moved'`);
    expect(audits.length).toBe(fits);
    const refunds = await rowsOf<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM refunds WHERE idempotency_key LIKE 'move-%'`,
    );
    expect(refunds[0]!.n).toBe(30 - fits);

    // No ticket was added or lost; every moved one has a new secret; the targets are exactly full.
    const ticketsAfter = await rowsOf<{ id: string; secret: string; status: string }>(
      ctx.db,
      sql`SELECT id, secret, status FROM tickets`,
    );
    expect(ticketsAfter.map((ticket) => ticket.id).sort()).toEqual(
      ticketsBefore.map((ticket) => ticket.id).sort(),
    );
    const slots = await rowsOf<{ sold: number; held: number }>(
      ctx.db,
      sql`SELECT sold, held FROM time_spans WHERE id = ANY(${sql.param(day.targetSlotIds)}::bigint[]) ORDER BY id`,
    );
    expect(slots).toEqual([
      { sold: 15, held: 0 },
      { sold: 10, held: 0 },
    ]);
  });
});
