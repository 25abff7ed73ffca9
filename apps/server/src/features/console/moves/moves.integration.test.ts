import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMoveResponseSchema, moveResponseSchema } from '@kippu/contract/console/moves-schemas';
import { setupTestApp } from '../../../../test/helper.ts';
import { createTimeSpan } from '../../../../test/factories.ts';
import { orderStatus, postCheckout, readyOrder, type Slot } from '../../../../test/checkout-support.ts';
import {
  answerChallenge,
  exePayment,
  postReturn,
  startChallenge,
} from '../../../../test/gmo-redirect-support.ts';
import { orderBody, postOrder } from '../../../../test/order-support.ts';
import { runMove } from '../../../domain/visitor-moves/run-move.ts';
import {
  registerVisitorMoves,
  visitorMoveDeps,
} from '../../../domain/visitor-moves/register-visitor-moves.ts';
import { VISITOR_MOVES_QUEUE } from '../../../domain/visitor-moves/create-move.ts';
import type { Queues } from '../../../jobs/job-runner.ts';
import type { ClaimedJob } from '../../../jobs/job-store.ts';
import { signedIn, twoOrganisations, type ConsoleAs } from '../operations/operations-test-support.ts';
import {
  closedDay,
  expectedTargets,
  movedMails,
  rowsOf,
  shareOneTicket,
  type ClosedDay,
} from '../../../../test/visitor-moves-support.ts';

/** Moving every visitor of a closed day (issue 29, acceptance 2; ADR 079) through the console's routes. */
const ctx = setupTestApp();
let admin: ConsoleAs;
let planner: ConsoleAs;
let boxOffice: ConsoleAs;
let marketing: ConsoleAs;

beforeAll(async () => {
  const orgs = await twoOrganisations(ctx.db, 'moves');
  admin = await signedIn(ctx.app, ctx.db, orgs.a, 'administrator', ['DEMO']);
  planner = await signedIn(ctx.app, ctx.db, orgs.a, 'planner', ['DEMO']);
  boxOffice = await signedIn(ctx.app, ctx.db, orgs.a, 'boxOffice', ['DEMO']);
  marketing = await signedIn(ctx.app, ctx.db, orgs.a, 'marketing', ['DEMO']);
});

const daySource = (day: ClosedDay) => ({
  kind: 'day' as const,
  product_uuid: day.productUuid,
  date: day.date,
});

async function slotState(ids: number[]) {
  return rowsOf<{ id: string; capacity: number; held: number; sold: number; on_sale: boolean }>(
    ctx.db,
    sql`SELECT id, capacity, held, sold, on_sale FROM time_spans WHERE id = ANY(${sql.param(ids)}::bigint[]) ORDER BY id`,
  );
}

describe('a closed day of 30 reservations, targets with room for 25 tickets', () => {
  const CAPACITIES = [15, 10];
  let day: ClosedDay;
  let expected: (number | null)[];
  let moveId: number;
  let secretsBefore: Map<number, string>;

  beforeAll(async () => {
    day = await closedDay(ctx.app, ctx.db, { count: 30, targetCapacities: CAPACITIES, tag: 'closed' });
    expected = expectedTargets(day, CAPACITIES);
    // The second reservation (two tickets) shares one with a companion, who has an address.
    await shareOneTicket(ctx.app, ctx.db, day, day.reservations[1]!.token, 'companion@example.jp');
    const secrets = await rowsOf<{ id: string; secret: string }>(ctx.db, sql`SELECT id, secret FROM tickets`);
    secretsBefore = new Map(secrets.map((row) => [Number(row.id), row.secret]));
  });

  it('needs schedule and orders at the level: a planner or the box office cannot move, marketing cannot read', async () => {
    const body = {
      source: daySource(day),
      target_slot_ids: day.targetSlotIds,
      fallback: 'refund',
      preview: true,
    };
    expect((await planner.post('/sites/DEMO/moves', body)).statusCode).toBe(404);
    expect((await boxOffice.post('/sites/DEMO/moves', body)).statusCode).toBe(404);
    expect((await planner.get('/sites/DEMO/moves')).statusCode).toBe(200);
    expect((await boxOffice.get('/sites/DEMO/moves')).statusCode).toBe(200);
    // Marketing reads the schedule but not orders.
    expect((await marketing.get('/sites/DEMO/moves')).statusCode).toBe(404);
  });

  it('previews the plan first come first served, whole reservations, and writes nothing', async () => {
    const response = await admin.post('/sites/DEMO/moves', {
      source: daySource(day),
      target_slot_ids: [...day.targetSlotIds].reverse(),
      fallback: 'refund',
      preview: true,
    });
    expect(response.statusCode).toBe(200);
    const { plan, move_id } = createMoveResponseSchema.parse(response.json());
    expect(move_id).toBeNull();
    expect(plan.rows.map((row) => row.reservation_id)).toEqual(day.reservations.map((r) => r.id));
    expect(plan.rows.map((row) => row.target_slot_id)).toEqual(expected);
    expect(plan.rows.filter((row) => row.outcome === 'refund').length).toBe(
      expected.filter((t) => t === null).length,
    );
    expect(plan.targets.map((target) => [target.id, target.free, target.planned])).toEqual([
      [day.targetSlotIds[0], 15, 15],
      [day.targetSlotIds[1], 10, 10],
    ]);
    expect(plan.counts).toMatchObject({ reservations: 30, tickets: 45 });
    expect((await slotState(day.sourceSlotIds)).every((slot) => slot.on_sale)).toBe(true);
    expect(await rowsOf(ctx.db, sql`SELECT id FROM visitor_moves`)).toEqual([]);
  });

  it('starts the run: closes the source, one pending item per reservation, a job; a second run is refused', async () => {
    const response = await admin.post('/sites/DEMO/moves', {
      source: daySource(day),
      target_slot_ids: day.targetSlotIds,
      fallback: 'refund',
    });
    expect(response.statusCode).toBe(200);
    moveId = createMoveResponseSchema.parse(response.json()).move_id!;
    expect((await slotState(day.sourceSlotIds)).map((slot) => slot.on_sale)).toEqual([false, false, false]);
    const jobs = await rowsOf(ctx.db, sql`SELECT payload FROM jobs WHERE queue = 'visitor-moves.run'`);
    expect(jobs).toEqual([{ payload: { moveId } }]);
    const progress = moveResponseSchema.parse((await admin.get(`/sites/DEMO/moves/${moveId}`)).json());
    expect(progress.move).toMatchObject({ status: 'queued', total: 30, counts: { pending: 30 } });

    // The same day, or one of its slots, while the run is open: console_move_in_progress.
    const again = await admin.post('/sites/DEMO/moves', {
      source: { kind: 'slot', slot_id: day.sourceSlotIds[1] },
      target_slot_ids: day.targetSlotIds,
      fallback: 'leave',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'console move in progress' });
  });

  it('moves every reservation that fits whole with its mails, refunds the rest, never oversells', async () => {
    await runMove(ctx.db, visitorMoveDeps(ctx.app), moveId);
    const progress = moveResponseSchema.parse((await admin.get(`/sites/DEMO/moves/${moveId}`)).json());
    const fits = expected.filter((target) => target !== null).length;
    expect(progress.move).toMatchObject({
      status: 'done',
      counts: { pending: 0, moved: fits, refunded: 30 - fits, left: 0, failed: 0 },
    });
    expect(progress.items.map((item) => item.moved_to?.id ?? null)).toEqual(expected);
    expect(
      progress.items.filter((item) => item.state === 'refunded').every((item) => item.reason === 'no_room'),
    ).toBe(true);

    // Stock: the targets full, exactly; the source empty (moved out or given back by the refunds).
    const [a, b] = await slotState(day.targetSlotIds);
    expect([a!.sold, b!.sold]).toEqual([15, 10]);
    expect((await slotState(day.sourceSlotIds)).map((slot) => slot.sold)).toEqual([0, 0, 0]);

    // Orders point at their targets; refunded reservations are refunded, once each.
    const orders = await rowsOf<{ id: string; time_span_id: string; status: string }>(
      ctx.db,
      sql`SELECT id, time_span_id, status FROM orders WHERE id = ANY(${sql.param(day.reservations.map((r) => r.orderId))}::bigint[])`,
    );
    for (const [index, reservation] of day.reservations.entries()) {
      const order = orders.find((row) => Number(row.id) === reservation.orderId)!;
      if (expected[index] === null) expect(order.status).toBe('refunded');
      else expect([order.status, Number(order.time_span_id)]).toEqual(['reserved', expected[index]]);
    }
    const refunds = await rowsOf<{ idempotency_key: string }>(
      ctx.db,
      sql`SELECT idempotency_key FROM refunds WHERE idempotency_key LIKE 'move-%'`,
    );
    expect(refunds.length).toBe(30 - fits);

    // Every holder's ticket of a moved reservation has a new secret; a companion's keeps its own (ADR 107: the
    // rule of a change of date); the refunded ones are void.
    const tickets = await rowsOf<{ id: string; secret: string; status: string; holder: string; shared: boolean }>(
      ctx.db,
      sql`SELECT tk.id, tk.secret, tk.status, COALESCE(r.parent_reservation_id, r.id) AS holder,
                 r.parent_reservation_id IS NOT NULL AS shared
          FROM tickets tk JOIN reservations r ON r.id = tk.reservation_id
          WHERE COALESCE(r.parent_reservation_id, r.id) = ANY(${sql.param(day.reservations.map((r) => r.id))}::bigint[])`,
    );
    for (const ticket of tickets) {
      const index = day.reservations.findIndex((r) => r.id === Number(ticket.holder));
      if (expected[index] === null) expect(ticket.status).toBe('void');
      else if (ticket.shared) expect(ticket.secret).toBe(secretsBefore.get(Number(ticket.id)));
      else expect(ticket.secret).not.toBe(secretsBefore.get(Number(ticket.id)));
    }

    // One mail per moved holder, with the self-service link, and one to the companion (the address the share's
    // link was sent to: "the tickets shared with you have a new date", its own link), without it.
    const mails = await movedMails(ctx.db);
    const holders = day.reservations.filter((_, index) => expected[index] !== null).map((r) => r.email);
    expect(mails.map((mail) => mail.to_address).sort()).toEqual([...holders, 'companion@example.jp'].sort());
    for (const mail of mails) {
      if (mail.to_address === 'companion@example.jp') {
        expect(mail.kind).toBe('shared_visit_moved');
        expect(mail.payload.choiceUrl).toBeUndefined();
        expect(mail.payload.ticketUrl).toContain('#/tickets/shared/');
      }
      else expect(mail.payload.choiceUrl).toMatch(/\/demo\/\?lang=en#\/moved-visit\/[\w-]{22}$/);
    }
    const audits = await rowsOf(ctx.db, sql`SELECT 1 FROM audit_events WHERE action = 'visit_moved'`);
    expect(audits.length).toBe(fits);
  });

  it('a second run of the same job changes nothing and mails nobody again', async () => {
    const before = await rowsOf(ctx.db, sql`SELECT count(*)::int AS n FROM mail_outbox`);
    await runMove(ctx.db, visitorMoveDeps(ctx.app), moveId);
    expect(await rowsOf(ctx.db, sql`SELECT count(*)::int AS n FROM mail_outbox`)).toEqual(before);
    const [a, b] = await slotState(day.targetSlotIds);
    expect([a!.sold, b!.sold]).toEqual([15, 10]);
  });

  it("lists the site's runs; another site answers 404", async () => {
    const list = await admin.get('/sites/DEMO/moves');
    expect(list.json<{ moves: { id: number }[] }>().moves.map((move) => move.id)).toContain(moveId);
    expect((await admin.get(`/sites/OKINAWA/moves/${moveId}`)).statusCode).toBe(404);
  });
});

describe('a target that fills up between the plan and the run', () => {
  it('falls back (left, out_of_stock) and never oversells', async () => {
    const day = await closedDay(ctx.app, ctx.db, { count: 4, targetCapacities: [6], tag: 'full' });
    const response = await admin.post('/sites/DEMO/moves', {
      source: { kind: 'slot', slot_id: day.sourceSlotIds[0] },
      target_slot_ids: day.targetSlotIds,
      fallback: 'leave',
    });
    const { move_id, plan } = createMoveResponseSchema.parse(response.json());
    // Slot 1 holds reservations 1 and 4 (1 and 2 tickets): both planned onto the target.
    expect(plan.rows.map((row) => row.outcome)).toEqual(['move', 'move']);
    // Meanwhile the target sells all but one place.
    await ctx.db.execute(sql`UPDATE time_spans SET sold = capacity - 1 WHERE id = ${day.targetSlotIds[0]}`);
    await runMove(ctx.db, visitorMoveDeps(ctx.app), move_id!);
    const progress = moveResponseSchema.parse((await admin.get(`/sites/DEMO/moves/${move_id}`)).json());
    expect(progress.items.map((item) => [item.state, item.reason])).toEqual([
      ['moved', null],
      ['left', 'out_of_stock'],
    ]);
    const [target] = await slotState(day.targetSlotIds);
    expect(target!.sold).toBe(target!.capacity);
    const [source] = await slotState([day.sourceSlotIds[0]!]);
    expect(source!.sold).toBe(2);
  });

  it('refuses a target of another product or one not on sale', async () => {
    const day = await closedDay(ctx.app, ctx.db, { count: 1, targetCapacities: [5], tag: 'wrong' });
    const closed = await createTimeSpan(ctx.db, { productId: day.productId, capacity: 5, onSale: false });
    const source = { kind: 'slot', slot_id: day.sourceSlotIds[0] };
    const notOnSale = await admin.post('/sites/DEMO/moves', {
      source,
      target_slot_ids: [closed],
      fallback: 'leave',
    });
    expect(notOnSale.json()).toEqual({ error: 'ticket not on sale now' });
    const other = await closedDay(ctx.app, ctx.db, { count: 0, targetCapacities: [5], tag: 'other' });
    const foreign = await admin.post('/sites/DEMO/moves', {
      source,
      target_slot_ids: other.targetSlotIds,
      fallback: 'leave',
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe("staff's deadline for the self-service link", () => {
  it('goes into each item and the mail; a deadline already past is refused', async () => {
    const day = await closedDay(ctx.app, ctx.db, { count: 1, targetCapacities: [5], tag: 'deadline' });
    const source = { kind: 'slot', slot_id: day.sourceSlotIds[0] };
    const past = await admin.post('/sites/DEMO/moves', {
      source,
      target_slot_ids: day.targetSlotIds,
      fallback: 'leave',
      deadline: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    const deadline = new Date(Date.now() + 3600_000).toISOString();
    const response = await admin.post('/sites/DEMO/moves', {
      source,
      target_slot_ids: day.targetSlotIds,
      fallback: 'leave',
      deadline,
    });
    const moveId = createMoveResponseSchema.parse(response.json()).move_id!;
    await runMove(ctx.db, visitorMoveDeps(ctx.app), moveId);
    const [item] = await rowsOf<{ deadline: string }>(
      ctx.db,
      sql`SELECT deadline FROM visitor_move_items WHERE move_id = ${moveId}`,
    );
    expect(new Date(item!.deadline).toISOString()).toBe(deadline);
    const mail = (await movedMails(ctx.db)).find((row) => row.to_address === day.reservations[0]!.email)!;
    expect(mail.payload).toMatchObject({ choiceUntil: deadline });
  });
});

describe('two runs started at once on overlapping sources', () => {
  it('one starts, the other answers console_move_in_progress', async () => {
    const day = await closedDay(ctx.app, ctx.db, { count: 2, targetCapacities: [10], tag: 'race' });
    const [one, two] = await Promise.all([
      admin.post('/sites/DEMO/moves', {
        source: { kind: 'slot', slot_id: day.sourceSlotIds[0] },
        target_slot_ids: day.targetSlotIds,
        fallback: 'leave',
      }),
      admin.post('/sites/DEMO/moves', {
        source: { kind: 'day', product_uuid: day.productUuid, date: day.date },
        target_slot_ids: day.targetSlotIds,
        fallback: 'leave',
      }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const runs = await rowsOf(
      ctx.db,
      sql`SELECT id FROM visitor_moves WHERE source_slot_ids && ${sql.param(day.sourceSlotIds)}::bigint[]`,
    );
    expect(runs).toHaveLength(1);
  });
});

/** A member of organisation A with a custom role (no template) of these permissions and limits. */
async function customRole(
  name: string,
  permissions: Partial<Record<string, string>>,
  options: { limits?: object; reauthenticated?: boolean } = {},
): Promise<ConsoleAs> {
  const [org] = await rowsOf<{ organisation_id: string }>(
    ctx.db,
    sql`SELECT organisation_id FROM sites WHERE code = 'DEMO'`,
  );
  const member = await signedIn(ctx.app, ctx.db, Number(org!.organisation_id), 'gate', ['DEMO'], {
    reauthenticated: options.reauthenticated ?? true,
  });
  const none = Object.fromEntries(
    [
      'catalogue',
      'schedule',
      'orders',
      'refunds',
      'checkIn',
      'reports',
      'settings',
      'staff',
      'integrations',
    ].map((area) => [area, 'none']),
  );
  const [role] = await rowsOf<{ id: string }>(
    ctx.db,
    sql`INSERT INTO staff_roles (organisation_id, name, permissions, limits)
        VALUES (${org!.organisation_id}, ${name}, ${JSON.stringify({ ...none, ...permissions })}::jsonb,
                ${JSON.stringify(options.limits ?? {})}::jsonb)
        RETURNING id`,
  );
  await ctx.db.execute(
    sql`UPDATE staff_memberships SET role_id = ${role!.id} WHERE staff_id = ${member.staffId}`,
  );
  return member;
}

describe('a run that refunds pays money out (review finding 6)', () => {
  const moveBody = (day: ClosedDay, fallback: 'refund' | 'leave', preview = false) => ({
    source: { kind: 'slot', slot_id: day.sourceSlotIds[0] },
    target_slot_ids: day.targetSlotIds,
    fallback,
    preview,
  });

  it('needs refunds write without the limit for fallback refund; fallback leave needs schedule and orders write', async () => {
    const scheduler = await customRole('move without refunds', { schedule: 'write', orders: 'write' });
    const limited = await customRole(
      'move with limited refunds',
      { schedule: 'write', orders: 'write', refunds: 'write' },
      { limits: { refundsUpToOrganisationLimit: true } },
    );
    const refunder = await customRole('move with refunds', {
      schedule: 'write',
      orders: 'write',
      refunds: 'write',
    });
    const day = await closedDay(ctx.app, ctx.db, { count: 1, targetCapacities: [5], tag: 'perm-refund' });
    for (const member of [scheduler, limited]) {
      expect((await member.post('/sites/DEMO/moves', moveBody(day, 'refund', true))).statusCode).toBe(404);
      expect((await member.post('/sites/DEMO/moves', moveBody(day, 'refund'))).statusCode).toBe(404);
    }
    expect(
      await rowsOf(
        ctx.db,
        sql`SELECT id FROM visitor_moves WHERE source_slot_ids @> ARRAY[${day.sourceSlotIds[0]}]::bigint[]`,
      ),
    ).toEqual([]);
    expect((await scheduler.post('/sites/DEMO/moves', moveBody(day, 'leave', true))).statusCode).toBe(200);
    expect((await refunder.post('/sites/DEMO/moves', moveBody(day, 'refund', true))).statusCode).toBe(200);
    const started = await scheduler.post('/sites/DEMO/moves', moveBody(day, 'leave'));
    expect(started.statusCode).toBe(200);
    expect(createMoveResponseSchema.parse(started.json()).move_id).not.toBeNull();
  });

  it('asks for the password again to create a run (and its preview), whatever the fallback', async () => {
    const stale = await signedIn(
      ctx.app,
      ctx.db,
      Number(
        (
          await rowsOf<{ organisation_id: string }>(
            ctx.db,
            sql`SELECT organisation_id FROM sites WHERE code = 'DEMO'`,
          )
        )[0]!.organisation_id,
      ),
      'administrator',
      ['DEMO'],
      { reauthenticated: false },
    );
    const day = await closedDay(ctx.app, ctx.db, { count: 1, targetCapacities: [5], tag: 'reauth' });
    for (const fallback of ['refund', 'leave'] as const) {
      const response = await stale.post('/sites/DEMO/moves', moveBody(day, fallback));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'console reauthentication required' });
    }
    expect((await stale.get('/sites/DEMO/moves')).statusCode).toBe(200);
  });

  it('the preview shows the money the fallback refund gives back, the same the run then refunds', async () => {
    // One slot of 4 reservations' slot 1 (reservations 1 and 4: 1 and 2 tickets); the target has room for 1.
    const day = await closedDay(ctx.app, ctx.db, { count: 4, targetCapacities: [1], tag: 'refund-total' });
    const preview = createMoveResponseSchema.parse(
      (await admin.post('/sites/DEMO/moves', moveBody(day, 'refund', true))).json(),
    ).plan;
    // Reservation 4 (two tickets) does not fit: all it paid comes back.
    expect(preview.rows.map((row) => row.outcome)).toEqual(['move', 'refund']);
    const [paid] = await rowsOf<{ total: number }>(
      ctx.db,
      sql`SELECT sum(amount)::int AS total FROM payments
          WHERE order_id = ${day.reservations[3]!.orderId} AND status = 'confirmed'`,
    );
    expect(preview.counts.refund_yen).toBe(paid!.total);
    expect(preview.counts.refund_yen).toBeGreaterThan(0);
    const leave = createMoveResponseSchema.parse(
      (await admin.post('/sites/DEMO/moves', moveBody(day, 'leave', true))).json(),
    ).plan;
    expect(leave.counts.refund_yen).toBe(0);

    const created = createMoveResponseSchema.parse(
      (await admin.post('/sites/DEMO/moves', moveBody(day, 'refund'))).json(),
    );
    await runMove(ctx.db, visitorMoveDeps(ctx.app), created.move_id!);
    const refunds = await rowsOf<{ amount: number }>(
      ctx.db,
      sql`SELECT r.amount::int FROM refunds r JOIN visitor_move_items i ON i.refund_id = r.id
          WHERE i.move_id = ${created.move_id}`,
    );
    expect(refunds.map((row) => row.amount)).toEqual([preview.counts.refund_yen]);
    // The run's refund mails the visitor once (review finding 4: the run passes where links go).
    const mails = await rowsOf<{ to_address: string }>(
      ctx.db,
      sql`SELECT to_address FROM mail_outbox WHERE kind = 'refund_issued'
          AND to_address = ${day.reservations[3]!.email}`,
    );
    expect(mails).toEqual([{ to_address: day.reservations[3]!.email }]);
  });
});

describe('orders mid-purchase on the source when the run closes it (review finding 7)', () => {
  it('expires open holds at the close, waits for a payment under way, and moves the hold that paid after the start', async () => {
    const day = await closedDay(ctx.app, ctx.db, { count: 1, targetCapacities: [10], tag: 'late' });
    const source = day.sourceSlotIds[0]!;
    const slot = { uuid: day.productUuid, optionValueIds: day.optionValueIds, spanId: source } as Slot;
    const open = await readyOrder(ctx.app, ctx.db, slot, 2, 'late-open@example.jp');
    const paying = await readyOrder(ctx.app, ctx.db, slot, 2, 'late-pays@example.jp');
    const declined = await readyOrder(ctx.app, ctx.db, slot, 1, 'late-declined@example.jp');
    const pays = await startChallenge(ctx.app, paying.token);
    const fails = await startChallenge(ctx.app, declined.token);
    expect([await orderStatus(ctx.db, paying.id), await orderStatus(ctx.db, declined.id)]).toEqual([
      'paying',
      'paying',
    ]);

    const created = await admin.post('/sites/DEMO/moves', {
      source: { kind: 'slot', slot_id: source },
      target_slot_ids: day.targetSlotIds,
      fallback: 'refund',
    });
    const moveId = createMoveResponseSchema.parse(created.json()).move_id!;
    // The open hold ended with the close, its places back; the paying ones still hold theirs.
    expect(await orderStatus(ctx.db, open.id)).toBe('expired');
    expect((await slotState([source]))[0]).toMatchObject({ held: 3, sold: 1, on_sale: false });
    const late = await postCheckout(ctx.app, open.token, { payment_method_type: 'free' });
    expect([late.statusCode, late.json()]).toEqual([410, { error: 'session_timeout' }]);
    // A new hold on the closed slot answers not on sale.
    const hold = await postOrder(ctx.app, orderBody(slot, 1));
    expect([hold.statusCode, hold.json()]).toEqual([409, { error: 'ticket not on sale now' }]);

    // The run settles what stands and waits for the payments under way.
    expect(await runMove(ctx.db, visitorMoveDeps(ctx.app), moveId)).toBe('waiting');
    const [run] = await rowsOf<{ status: string }>(
      ctx.db,
      sql`SELECT status FROM visitor_moves WHERE id = ${moveId}`,
    );
    expect(run!.status).toBe('running');
    // Run as its job, a waiting run queues itself again for later.
    await ctx.db.execute(sql`DELETE FROM jobs WHERE queue = ${VISITOR_MOVES_QUEUE}`);
    const queues: Queues = {};
    registerVisitorMoves(ctx.app, queues);
    const job = { id: 0, queue: VISITOR_MOVES_QUEUE, payload: { moveId } } as unknown as ClaimedJob;
    await queues[VISITOR_MOVES_QUEUE]!.handler(job, { signal: new AbortController().signal });
    const again = await rowsOf<{ payload: object; later: boolean }>(
      ctx.db,
      sql`SELECT payload, run_at > now() AS later FROM jobs WHERE queue = ${VISITOR_MOVES_QUEUE}`,
    );
    expect(again).toEqual([{ payload: { moveId }, later: true }]);

    // One card passes its challenge after the start, the other is declined (back to ready_checkout).
    const passed = await answerChallenge(ctx.app, pays.redirect_url, 'pass');
    await postReturn(ctx.app, passed.returnUrl, `AccessID=${passed.accessId}&answer=pass`);
    expect((await exePayment(ctx.app, passed.accessId)).statusCode).toBe(200);
    expect(await orderStatus(ctx.db, paying.id)).toBe('reserved');
    const failed = await answerChallenge(ctx.app, fails.redirect_url, 'fail');
    await postReturn(ctx.app, failed.returnUrl, `AccessID=${failed.accessId}`);
    expect((await exePayment(ctx.app, failed.accessId)).statusCode).toBe(402);
    expect(await orderStatus(ctx.db, declined.id)).toBe('ready_checkout');

    expect(await runMove(ctx.db, visitorMoveDeps(ctx.app), moveId)).toBe('done');
    const progress = moveResponseSchema.parse((await admin.get(`/sites/DEMO/moves/${moveId}`)).json());
    expect(progress.move).toMatchObject({ status: 'done', total: 2, counts: { moved: 2, pending: 0 } });
    const [paid] = await rowsOf<{ time_span_id: string }>(
      ctx.db,
      sql`SELECT time_span_id FROM orders WHERE id = ${paying.id}`,
    );
    expect(Number(paid!.time_span_id)).toBe(day.targetSlotIds[0]);
    expect((await movedMails(ctx.db)).some((mail) => mail.to_address === 'late-pays@example.jp')).toBe(true);
    // The declined one's hold ended before the run finished; nothing is left on the closed slot.
    expect(await orderStatus(ctx.db, declined.id)).toBe('expired');
    expect((await slotState([source]))[0]).toMatchObject({ held: 0, sold: 0 });
    const retry = await postCheckout(ctx.app, declined.token, { payment_method_type: 'free' });
    expect([retry.statusCode, retry.json()]).toEqual([410, { error: 'session_timeout' }]);
    const audits = await rowsOf(
      ctx.db,
      sql`SELECT object_id FROM audit_events WHERE action = 'hold_expired_for_move' ORDER BY id`,
    );
    expect(audits).toEqual([{ object_id: String(open.id) }, { object_id: String(declined.id) }]);
  });
});
