import { beforeAll, describe, expect, it } from 'vitest';
import {
  bulkEditSlotsResponseSchema,
  closeDayResponseSchema,
  generateSlotsResponseSchema,
  heatmapSchema,
  slotResponseSchema,
  type ConsoleSlot,
} from '@kippu/contract/console/schedule-schemas';
import { setupTestApp } from '../../../../test/helper.ts';
import { createProduct, createTimeSpan } from '../../../../test/factories.ts';
import { orderBody, postOrder, productWithSlot, SITE_PATH } from '../../../../test/order-support.ts';
import { payWithCard, readyOrder } from '../../../../test/checkout-support.ts';
import {
  signedIn,
  twoOrganisations,
  type ConsoleAs,
  type Organisations,
} from '../operations/operations-test-support.ts';

const ctx = setupTestApp();
let orgs: Organisations;
let planner: ConsoleAs;

beforeAll(async () => {
  orgs = await twoOrganisations(ctx.db, 'schedule');
  planner = await signedIn(ctx.app, ctx.db, orgs.a, 'planner', ['DEMO']);
});

async function query<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await ctx.db.$client.query(text, values)).rows as T[];
}

async function heatmap(who: ConsoleAs, from: string, to: string, product?: string) {
  const response = await who.get(
    `/sites/DEMO/slots?from=${from}&to=${to}${product ? `&product=${product}` : ''}`,
  );
  expect(response.statusCode).toBe(200);
  return heatmapSchema.parse(response.json());
}

/** The slots as a bulk edit names them: each with its version now. */
async function selected(...ids: (number | undefined)[]) {
  const rows = await query<{ id: string; version: number }>(
    `SELECT id, version FROM time_spans WHERE id = ANY($1)`,
    [ids],
  );
  const version = new Map(rows.map((row) => [Number(row.id), row.version]));
  return ids.map((id) => ({ id: id!, version: version.get(id!)! }));
}

async function slotRow(id: number) {
  const [row] = await query<{
    capacity: number;
    held: number;
    sold: number;
    on_sale: boolean;
    starts_at: Date;
    version: number;
  }>(`SELECT capacity, held, sold, on_sale, starts_at, version FROM time_spans WHERE id = $1`, [id]);
  return row!;
}

describe('slot generator', () => {
  it('previews, creates every 30 minutes on the chosen weekdays, and creates nothing when run again', async () => {
    const product = await createProduct(ctx.db, { site: 'DEMO' });
    // 2027-06-07 is a Monday: two weeks, closed Mondays, 10:00 to 17:30 every 30 minutes (16 a day).
    const body = {
      product_uuid: product.uuid,
      from: '2027-06-07',
      to: '2027-06-20',
      weekdays: [2, 3, 4, 5, 6, 7],
      times: { kind: 'interval', from: '10:00', to: '17:30', every_minutes: 30 },
      length_minutes: 30,
      capacity: 40,
      exclude_dates: ['2027-06-10'],
    };
    const preview = generateSlotsResponseSchema.parse(
      (await planner.post('/sites/DEMO/slots/generate', { ...body, preview: true })).json(),
    );
    expect(preview.preview).toBe(true);
    expect(preview.created).toHaveLength(11 * 16);
    expect(preview.excluded).toEqual([{ date: '2027-06-10', reason: 'date' }]);
    expect(preview.created[0]).toMatchObject({ date: '2027-06-08', start_time: '10:00', end_time: '10:30' });
    expect(preview.created[0]!.starts_at).toBe('2027-06-08T01:00:00.000Z');
    expect(preview.created.at(-1)).toMatchObject({ date: '2027-06-20', start_time: '17:30' });
    expect(preview.created.some((slot) => slot.date === '2027-06-14')).toBe(false);
    expect(
      (
        await query(`SELECT 1 FROM time_spans t JOIN products p ON p.id = t.product_id WHERE p.uuid = $1`, [
          product.uuid,
        ])
      ).length,
    ).toBe(0);

    const first = await planner.post('/sites/DEMO/slots/generate', body);
    expect(first.statusCode).toBe(200);
    const created = generateSlotsResponseSchema.parse(first.json());
    expect(created.created).toHaveLength(176);
    expect(created.existing).toHaveLength(0);

    const again = generateSlotsResponseSchema.parse(
      (await planner.post('/sites/DEMO/slots/generate', body)).json(),
    );
    expect(again.created).toHaveLength(0);
    expect(again.existing).toHaveLength(176);
    const [count] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM time_spans t JOIN products p ON p.id = t.product_id WHERE p.uuid = $1`,
      [product.uuid],
    );
    expect(count!.n).toBe(176);

    const audits = await query<{ action: string; after: { created: number } }>(
      `SELECT action, after FROM audit_events WHERE object_type = 'slot' AND object_id = $1 ORDER BY id`,
      [product.uuid],
    );
    expect(audits.map((a) => [a.action, a.after.created])).toEqual([
      ['generated', 176],
      ['generated', 0],
    ]);

    const map = await heatmap(planner, '2027-06-07', '2027-06-20', product.uuid);
    expect(map.slots).toHaveLength(176);
    expect(map.slots[0]).toMatchObject({
      capacity: 40,
      sold: 0,
      held: 0,
      on_sale: true,
      version: 1,
      edited_by_hand: false,
    });
    expect(map.products.find((p) => p.uuid === product.uuid)?.future_slots).toBe(176);
  });

  it('takes a list of times and leaves out Japanese public holidays when asked', async () => {
    const product = await createProduct(ctx.db, { site: 'DEMO' });
    // Golden Week 2027: 4/29 Thu (昭和の日), 5/3 Mon, 5/4 Tue, 5/5 Wed.
    const response = await planner.post('/sites/DEMO/slots/generate', {
      product_uuid: product.uuid,
      from: '2027-04-28',
      to: '2027-05-06',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      times: { kind: 'list', times: ['14:00', '10:00', '10:00'] },
      length_minutes: 90,
      capacity: 10,
      exclude_holidays: true,
    });
    const generated = generateSlotsResponseSchema.parse(response.json());
    expect(generated.excluded.map((e) => [e.date, e.reason])).toEqual([
      ['2027-04-29', 'holiday'],
      ['2027-05-03', 'holiday'],
      ['2027-05-04', 'holiday'],
      ['2027-05-05', 'holiday'],
    ]);
    expect(generated.excluded[0]!.holiday_name).toBe('昭和の日');
    expect(generated.created.map((s) => `${s.date} ${s.start_time}`).slice(0, 3)).toEqual([
      '2027-04-28 10:00',
      '2027-04-28 14:00',
      '2027-04-30 10:00',
    ]);
    expect(generated.created).toHaveLength(5 * 2);
    expect(generated.created[1]!.end_time).toBe('15:30');
  });

  it('refuses a product of another site and a second slot with the same start', async () => {
    const other = await createProduct(ctx.db, { site: 'OKINAWA' });
    const refused = await planner.post('/sites/DEMO/slots/generate', {
      product_uuid: other.uuid,
      from: '2027-07-01',
      to: '2027-07-01',
      weekdays: [4],
      times: { kind: 'list', times: ['10:00'] },
      length_minutes: 30,
      capacity: 5,
    });
    expect(refused.statusCode).toBe(404);

    const product = await createProduct(ctx.db, { site: 'DEMO' });
    const single = {
      product_uuid: product.uuid,
      date: '2027-07-01',
      start_time: '10:00',
      length_minutes: 30,
      capacity: 5,
    };
    const created = await planner.post('/sites/DEMO/slots', single);
    expect(created.statusCode).toBe(200);
    expect(slotResponseSchema.parse(created.json()).slot).toMatchObject({
      edited_by_hand: true,
      capacity: 5,
    });
    // Overlapping is fine (10:15), the same start is not.
    expect((await planner.post('/sites/DEMO/slots', { ...single, start_time: '10:15' })).statusCode).toBe(
      200,
    );
    const duplicate = await planner.post('/sites/DEMO/slots', { ...single, capacity: 9 });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      error: 'console slot start taken',
      issues: [{ path: 'body.start_time' }],
    });
  });
});

describe('editing slots', () => {
  it('edits one slot with its version; a stale version is a conflict, never an overwrite', async () => {
    const slot = await productWithSlot(ctx.db, 20);
    const edited = await planner.patch(`/sites/DEMO/slots/${slot.spanId}`, {
      expected_version: 1,
      capacity: 25,
    });
    expect(edited.statusCode).toBe(200);
    expect(slotResponseSchema.parse(edited.json()).slot).toMatchObject({
      capacity: 25,
      version: 2,
      edited_by_hand: true,
    });

    const stale = await planner.patch(`/sites/DEMO/slots/${slot.spanId}`, {
      expected_version: 1,
      capacity: 30,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('console edit conflict');
    expect((await slotRow(slot.spanId)).capacity).toBe(25);

    const audits = await query<{ action: string; before: { capacity: number }; after: { capacity: number } }>(
      `SELECT action, before, after FROM audit_events WHERE object_type = 'slot' AND object_id = $1`,
      [String(slot.spanId)],
    );
    expect(audits).toEqual([
      expect.objectContaining({
        action: 'capacity_changed',
        before: expect.objectContaining({ capacity: 20 }),
        after: expect.objectContaining({ capacity: 25 }),
      }),
    ]);
  });

  it('bulk edits skip started slots ("future only") and slots changed by hand', async () => {
    const product = await createProduct(ctx.db, { site: 'DEMO' });
    const past = await createTimeSpan(ctx.db, {
      productId: product.id,
      capacity: 10,
      startsAt: new Date(Date.now() - 86_400_000),
    });
    const handEdited = await createTimeSpan(ctx.db, {
      productId: product.id,
      capacity: 10,
      startsAt: new Date(Date.now() + 2 * 86_400_000),
    });
    const plain = await createTimeSpan(ctx.db, {
      productId: product.id,
      capacity: 10,
      startsAt: new Date(Date.now() + 3 * 86_400_000),
    });
    expect(
      (
        await planner.patch(`/sites/DEMO/slots/${handEdited}`, {
          expected_version: 1,
          on_sale: true,
          capacity: 11,
        })
      ).statusCode,
    ).toBe(200);

    const body = {
      slots: await selected(past, handEdited, plain),
      action: { kind: 'close' },
      future_only: true,
      skip_edited_by_hand: true,
    };
    const preview = bulkEditSlotsResponseSchema.parse(
      (await planner.post('/sites/DEMO/slots/bulk', { ...body, preview: true })).json(),
    );
    expect(preview.changes.map((c) => c.slot_id)).toEqual([plain]);
    expect((await slotRow(plain)).on_sale).toBe(true);

    const saved = bulkEditSlotsResponseSchema.parse(
      (await planner.post('/sites/DEMO/slots/bulk', body)).json(),
    );
    expect(saved.changes.map((c) => [c.slot_id, c.after.on_sale])).toEqual([[plain, false]]);
    expect(saved.skipped).toEqual(
      expect.arrayContaining([
        { slot_id: past, reason: 'started' },
        { slot_id: handEdited, reason: 'edited_by_hand' },
      ]),
    );
    expect((await slotRow(past)).on_sale).toBe(true);
    expect((await slotRow(handEdited)).on_sale).toBe(true);
    expect(await slotRow(plain)).toMatchObject({ on_sale: false, version: 2 });

    // Without the options every selected slot changes.
    const all = bulkEditSlotsResponseSchema.parse(
      (
        await planner.post('/sites/DEMO/slots/bulk', {
          slots: await selected(past, handEdited, plain),
          action: { kind: 'set_capacity', capacity: 15 },
          future_only: false,
        })
      ).json(),
    );
    expect(all.changes.map((c) => c.slot_id).sort()).toEqual([past, handEdited, plain].sort());
    expect((await slotRow(past)).capacity).toBe(15);
    const [audit] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_events WHERE object_type = 'slot' AND action = 'capacity_changed' AND object_id = ANY($1)`,
      [[String(past), String(plain)]],
    );
    expect(audit!.n).toBe(2);
  });

  it('previews which slots would fall below sold + held and refuses to save below it', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const roomy = await createTimeSpan(ctx.db, {
      productId: slot.id,
      capacity: 10,
      startsAt: new Date(Date.now() + 4 * 86_400_000),
    });
    for (let i = 0; i < 3; i += 1)
      expect((await postOrder(ctx.app, orderBody(slot, 2))).statusCode).toBe(201);
    const body = { slots: await selected(slot.spanId, roomy), action: { kind: 'set_capacity', capacity: 4 } };
    const preview = bulkEditSlotsResponseSchema.parse(
      (await planner.post('/sites/DEMO/slots/bulk', { ...body, preview: true })).json(),
    );
    expect(preview.below_taken).toEqual([
      expect.objectContaining({ slot_id: slot.spanId, capacity: 4, held: 6, sold: 0, short_by: 2 }),
    ]);
    const refused = await planner.post('/sites/DEMO/slots/bulk', body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'console capacity below taken',
      issues: [{ path: `slots.${slot.spanId}` }],
    });
    // All or nothing: the slot that fitted is unchanged too.
    expect((await slotRow(roomy)).capacity).toBe(10);
    expect((await slotRow(slot.spanId)).capacity).toBe(10);
    const single = await planner.patch(`/sites/DEMO/slots/${slot.spanId}`, {
      expected_version: 1,
      capacity: 5,
    });
    expect(single.statusCode).toBe(409);
    expect(single.json()).toMatchObject({
      error: 'console capacity below taken',
      issues: [{ path: 'body.capacity' }],
    });
    expect(
      (
        await planner.post('/sites/DEMO/slots/bulk', {
          ...body,
          action: { kind: 'set_capacity', capacity: 6 },
        })
      ).statusCode,
    ).toBe(200);
    expect(await slotRow(slot.spanId)).toMatchObject({ capacity: 6, held: 6 });
  });

  it('counts seats allotted to partners in the preview, as the save does (issue 30)', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    expect((await postOrder(ctx.app, orderBody(slot, 2))).statusCode).toBe(201);
    // A partner's unreleased allotment keeps 5 seats out of general sale (migration 0990's column).
    await query(`UPDATE time_spans SET allotted = 5 WHERE id = $1`, [slot.spanId]);
    const preview = async (capacity: number) =>
      bulkEditSlotsResponseSchema.parse(
        (
          await planner.post('/sites/DEMO/slots/bulk', {
            slots: await selected(slot.spanId),
            action: { kind: 'set_capacity', capacity },
            preview: true,
          })
        ).json(),
      );
    // 6 is above sold + held (2) but below sold + held + allotted (7).
    expect((await preview(6)).below_taken).toEqual([
      expect.objectContaining({
        slot_id: slot.spanId,
        capacity: 6,
        held: 2,
        sold: 0,
        allotted: 5,
        short_by: 1,
      }),
    ]);
    expect((await preview(7)).below_taken).toEqual([]);
    // The save agrees with the preview: 6 refused, 7 saved.
    const save = async (capacity: number) =>
      planner.post('/sites/DEMO/slots/bulk', {
        slots: await selected(slot.spanId),
        action: { kind: 'set_capacity', capacity },
      });
    expect((await save(6)).statusCode).toBe(409);
    expect((await save(7)).statusCode).toBe(200);
    expect(await slotRow(slot.spanId)).toMatchObject({ capacity: 7, held: 2 });
  });

  it('a bulk capacity reduction racing 100 concurrent holds never oversells and has a clear outcome', async () => {
    const slot = await productWithSlot(ctx.db, 100);
    const holds = Array.from({ length: 100 }, () => postOrder(ctx.app, orderBody(slot, 1)));
    const reduction = planner.post('/sites/DEMO/slots/bulk', {
      slots: await selected(slot.spanId),
      action: { kind: 'set_capacity', capacity: 60 },
    });
    const [reduced, ...held] = await Promise.all([reduction, ...holds]);
    const granted = held.filter((r) => r.statusCode === 201).length;
    expect(held.every((r) => r.statusCode === 201 || r.json().error === 'out of stock')).toBe(true);
    const row = await slotRow(slot.spanId);
    expect(row.held + row.sold).toBeLessThanOrEqual(row.capacity);
    expect(row.held).toBe(granted);
    if (reduced!.statusCode === 200) {
      // The reduction won the lock while at most 60 were held: the rest were refused against 60.
      expect(row.capacity).toBe(60);
      expect(granted).toBeLessThanOrEqual(60);
    } else {
      // More than 60 were held when it took the lock: refused, the capacity stays.
      expect(reduced!.statusCode).toBe(409);
      expect(reduced!.json().error).toBe('console capacity below taken');
      expect(row.capacity).toBe(100);
      expect(granted).toBeGreaterThan(60);
    }
    const [oversold] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM time_spans WHERE held + sold > capacity`,
    );
    expect(oversold!.n).toBe(0);
  });

  it('a shift moves the slot with its tickets and mails each holder in their language; refuse_if_tickets refuses', async () => {
    const slot = await productWithSlot(ctx.db, 20);
    const order = await readyOrder(ctx.app, ctx.db, slot, 2, 'kenji@example.jp', { lang: 'ja' });
    expect((await payWithCard(ctx.app, order.token)).statusCode).toBe(200);
    const before = await slotRow(slot.spanId);

    const refused = await planner.post('/sites/DEMO/slots/bulk', {
      slots: await selected(slot.spanId),
      action: { kind: 'shift', minutes: 30 },
      refuse_if_tickets: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('console slot has tickets');
    expect((await slotRow(slot.spanId)).starts_at).toEqual(before.starts_at);

    const shifted = bulkEditSlotsResponseSchema.parse(
      (
        await planner.post('/sites/DEMO/slots/bulk', {
          slots: await selected(slot.spanId),
          action: { kind: 'shift', minutes: 30 },
        })
      ).json(),
    );
    expect(shifted).toMatchObject({ slots_with_tickets: 1, tickets: 2, mails: 1 });
    const after = await slotRow(slot.spanId);
    expect(after.starts_at.getTime() - before.starts_at.getTime()).toBe(30 * 60_000);
    const mails = await query<{ lang: string; payload: { startsAt: string; previousStartsAt: string } }>(
      `SELECT lang, payload FROM mail_outbox WHERE kind = 'slot_moved' AND to_address = 'kenji@example.jp'`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.lang).toBe('ja');
    expect(mails[0]!.payload.startsAt).toBe(after.starts_at.toISOString());
    expect(mails[0]!.payload.previousStartsAt).toBe(before.starts_at.toISOString());
    // The tickets' entry window is the slot's: the reservation reads the new start.
    const [visit] = await query<{ starts_at: Date }>(
      `SELECT t.starts_at FROM reservations r JOIN orders o ON o.id = r.order_id JOIN time_spans t ON t.id = o.time_span_id WHERE o.id = $1`,
      [order.id],
    );
    expect(visit!.starts_at.toISOString()).toBe(after.starts_at.toISOString());

    // One slot moved on its own: refused with refuse_if_tickets, else the holder is mailed again.
    const moved = { expected_version: after.version, start_time: '09:00', length_minutes: 60 };
    const single = await planner.patch(`/sites/DEMO/slots/${slot.spanId}`, {
      ...moved,
      refuse_if_tickets: true,
    });
    expect(single.statusCode).toBe(409);
    expect(single.json().error).toBe('console slot has tickets');
    const patched = slotResponseSchema.parse(
      (await planner.patch(`/sites/DEMO/slots/${slot.spanId}`, moved)).json(),
    );
    expect(patched.slot).toMatchObject({
      start_time: '09:00',
      end_time: '10:00',
      version: after.version + 1,
    });
    const [count] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'slot_moved' AND to_address = 'kenji@example.jp'`,
    );
    expect(count!.n).toBe(2);
  });

  it('a shift onto a start the product has is refused as a whole; a shift within the selection is fine', async () => {
    const product = await createProduct(ctx.db, { site: 'DEMO' });
    const base = Date.parse('2027-08-02T01:00:00Z');
    const ids = [];
    for (let i = 0; i < 3; i += 1)
      ids.push(
        await createTimeSpan(ctx.db, {
          productId: product.id,
          capacity: 5,
          startsAt: new Date(base + i * 30 * 60_000),
        }),
      );
    const refused = await planner.post('/sites/DEMO/slots/bulk', {
      slots: await selected(ids[0]),
      action: { kind: 'shift', minutes: 30 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('console slot start taken');
    const whole = await planner.post('/sites/DEMO/slots/bulk', {
      slots: await selected(...ids),
      action: { kind: 'shift', minutes: 30 },
    });
    expect(whole.statusCode).toBe(200);
    const map = await heatmap(planner, '2027-08-02', '2027-08-02', product.uuid);
    expect(map.slots.map((s: ConsoleSlot) => s.start_time)).toEqual(['10:30', '11:00', '11:30']);
  });
});

describe('visitors see the change', () => {
  it('a capacity set and a slot closed in the console show on the visitor API (polled, no timing asserted)', async () => {
    const slot = await productWithSlot(ctx.db, 30, {}, { startsAt: new Date('2027-10-05T01:00:00Z') });
    const stocks = async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `${SITE_PATH}/products/stocks?date=2027-10-05&product_id=${slot.uuid}`,
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ id: number; capacity: number; remaining: number; status: string }[]>();
    };
    // Polls until the answer shows the change (the answer cache keeps one up to a second), at most 50 times.
    const until = async (ok: (rows: Awaited<ReturnType<typeof stocks>>) => boolean) => {
      let rows = await stocks();
      for (let tries = 0; tries < 50 && !ok(rows); tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        rows = await stocks();
      }
      return rows;
    };
    expect((await stocks()).find((row) => row.id === slot.spanId)?.capacity).toBe(30);
    const edit = { slots: await selected(slot.spanId), action: { kind: 'set_capacity', capacity: 7 } };
    expect((await planner.post('/sites/DEMO/slots/bulk', edit)).statusCode).toBe(200);
    const after = await until((rows) => rows.some((row) => row.id === slot.spanId && row.capacity === 7));
    expect(after.find((row) => row.id === slot.spanId)).toMatchObject({ capacity: 7, remaining: 7 });
    const close = { slots: await selected(slot.spanId), action: { kind: 'close' } };
    expect((await planner.post('/sites/DEMO/slots/bulk', close)).statusCode).toBe(200);
    const closed = await until((rows) =>
      rows.some((row) => row.id === slot.spanId && row.status === 'not_on_sale'),
    );
    expect(closed.find((row) => row.id === slot.spanId)?.status).toBe('not_on_sale');
  });
});

describe('closing a day', () => {
  it('stops sales of the day on the chosen sites, keeps tickets and counts their holders; audited', async () => {
    const slot = await productWithSlot(ctx.db, 20, {}, { startsAt: new Date('2027-09-01T02:00:00Z') });
    await createTimeSpan(ctx.db, {
      productId: slot.id,
      capacity: 5,
      startsAt: new Date('2027-09-01T05:00:00Z'),
    });
    const order = await readyOrder(ctx.app, ctx.db, slot, 3, 'day@example.jp');
    expect((await payWithCard(ctx.app, order.token)).statusCode).toBe(200);

    const preview = closeDayResponseSchema.parse(
      (
        await planner.post('/schedule/close-day', { date: '2027-09-01', sites: ['DEMO'], preview: true })
      ).json(),
    );
    expect(preview.sites[0]).toMatchObject({ site: 'DEMO', orders: 1, tickets: 3, visitors: 1 });
    expect(preview.sites[0]!.slots_closed).toBeGreaterThanOrEqual(2);
    expect((await slotRow(slot.spanId)).on_sale).toBe(true);

    expect(
      (await planner.post('/schedule/close-day', { date: '2027-09-01', sites: ['DEMO', 'OKINAWA'] }))
        .statusCode,
    ).toBe(404);
    expect((await slotRow(slot.spanId)).on_sale).toBe(true);

    const closed = closeDayResponseSchema.parse(
      (await planner.post('/schedule/close-day', { date: '2027-09-01', sites: ['DEMO'] })).json(),
    );
    expect(closed.sites[0]!.slots_closed).toBe(preview.sites[0]!.slots_closed);
    expect((await slotRow(slot.spanId)).on_sale).toBe(false);
    const [tickets] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tickets tk JOIN reservations r ON r.id = tk.reservation_id WHERE r.order_id = $1 AND tk.status = 'valid'`,
      [order.id],
    );
    expect(tickets!.n).toBe(3);
    const audits = await query(
      `SELECT action FROM audit_events WHERE object_type = 'slot' AND object_id = 'DEMO:2027-09-01'`,
    );
    expect(audits).toEqual([{ action: 'day_closed' }]);
    // A closed slot sells nothing new.
    const refused = await postOrder(ctx.app, orderBody(slot, 1));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('ticket not on sale now');
  });
});

describe('schedule permissions', () => {
  it('box office reads, gate and other organisations get 404, reads never write', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const boxOffice = await signedIn(ctx.app, ctx.db, orgs.a, 'boxOffice', ['DEMO']);
    const gate = await signedIn(ctx.app, ctx.db, orgs.a, 'gate', ['DEMO']);
    const otherOrg = await signedIn(ctx.app, ctx.db, orgs.b, 'owner', 'all');
    const uncovered = await signedIn(ctx.app, ctx.db, orgs.a, 'planner', ['ARTIZON']);
    const range = '/sites/DEMO/slots?from=2027-01-01&to=2027-01-31';
    const bulk = { slots: await selected(slot.spanId), action: { kind: 'close' } };

    expect((await boxOffice.get(range)).statusCode).toBe(200);
    expect((await boxOffice.post('/sites/DEMO/slots/bulk', bulk)).statusCode).toBe(404);
    expect(
      (await boxOffice.patch(`/sites/DEMO/slots/${slot.spanId}`, { expected_version: 1, capacity: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await gate.get(range)).statusCode).toBe(404);
    expect((await gate.get('/schedule/holidays?from=2027-01-01&to=2027-01-31')).statusCode).toBe(404);
    expect((await otherOrg.get(range)).statusCode).toBe(404);
    expect((await otherOrg.post('/sites/DEMO/slots/bulk', bulk)).statusCode).toBe(404);
    expect((await uncovered.get(range)).statusCode).toBe(404);
    // A slot of another site named under a covered one is not found either.
    const okinawa = await productWithSlot(ctx.db, 10, { site: 'OKINAWA' });
    expect(
      (await planner.post('/sites/DEMO/slots/bulk', { ...bulk, slots: await selected(okinawa.spanId) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await planner.patch(`/sites/DEMO/slots/${okinawa.spanId}`, { expected_version: 1, capacity: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await slotRow(slot.spanId)).on_sale).toBe(true);
    expect((await slotRow(okinawa.spanId)).capacity).toBe(10);

    // Without a range: four weeks from today (Tokyo), the answer says which.
    const [today] = await query<{ d: string }>(
      `SELECT to_char((now() AT TIME ZONE 'Asia/Tokyo')::date, 'YYYY-MM-DD') AS d`,
    );
    const current = heatmapSchema.parse((await planner.get('/sites/DEMO/slots')).json());
    expect(current.from).toBe(today!.d);
    expect(current.slots.map((s) => s.id)).toContain(slot.spanId);
    expect((await otherOrg.get('/sites/DEMO/slots')).statusCode).toBe(404);
    expect((await planner.get('/sites/DEMO/slots?from=2027-01-01&to=2027-03-31')).statusCode).toBe(400);

    const holidays = await planner.get('/schedule/holidays?from=2027-01-01&to=2027-01-31');
    expect(holidays.json()).toEqual({
      holidays: [
        { date: '2027-01-01', name: '元日' },
        { date: '2027-01-11', name: '成人の日' },
      ],
    });
  });
});
