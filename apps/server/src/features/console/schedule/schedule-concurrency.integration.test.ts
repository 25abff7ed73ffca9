import { beforeAll, describe, expect, it } from 'vitest';
import {
  bulkEditSlotsResponseSchema,
  closeDayResponseSchema,
  generateSlotsResponseSchema,
} from '@kippu/contract/console/schedule-schemas';
import { setupTestApp } from '../../../../test/helper.ts';
import { createProduct, createTimeSpan } from '../../../../test/factories.ts';
import { productWithSlot } from '../../../../test/order-support.ts';
import { signedIn, twoOrganisations, type ConsoleAs } from '../operations/operations-test-support.ts';

/** Slot edits against each other: versions between a preview and its save, starts taken by a race, lock order. */
const ctx = setupTestApp();
let planner: ConsoleAs;

beforeAll(async () => {
  const orgs = await twoOrganisations(ctx.db, 'schedule-races');
  planner = await signedIn(ctx.app, ctx.db, orgs.a, 'planner', ['DEMO', 'MORI']);
});

async function query<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await ctx.db.$client.query(text, values)).rows as T[];
}

async function slotRow(id: number) {
  const [row] = await query<{ capacity: number; on_sale: boolean; starts_at: Date; version: number }>(
    `SELECT capacity, on_sale, starts_at, version FROM time_spans WHERE id = $1`,
    [id],
  );
  return row!;
}

const pause = (ms: number) => new Promise<false>((resolve) => setTimeout(resolve, ms, false));

/**
 * Runs `call` while another connection has inserted a slot of `productId` at `startsAt` and not committed it
 * (so no check before a write can see it); commits that insert once `call` waits on it (a lock wait in the
 * database), then answers what `call` answered.
 */
async function whileSlotUncommitted<T>(
  productId: number,
  startsAt: Date,
  call: () => Promise<T>,
): Promise<T> {
  const other = await ctx.db.$client.connect();
  try {
    await other.query('BEGIN');
    await other.query(
      `INSERT INTO time_spans (product_id, starts_at, ends_at, capacity) VALUES ($1, $2, $2::timestamptz + interval '30 minutes', 5)`,
      [productId, startsAt],
    );
    const pending = call();
    const ended = pending.then(
      () => true,
      () => true,
    );
    for (let tries = 0; tries < 500; tries += 1) {
      const [waiting] = await query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if (waiting!.n > 0 || (await Promise.race([ended, pause(20)]))) break;
    }
    await other.query('COMMIT');
    return await pending;
  } finally {
    other.release();
  }
}

describe('a bulk edit saves what was previewed', () => {
  it('a slot changed between preview and save answers console edit conflict and nothing is applied', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const other = await createTimeSpan(ctx.db, {
      productId: slot.id,
      capacity: 10,
      startsAt: new Date(Date.now() + 4 * 86_400_000),
    });
    // The heatmap's versions may be old: the preview answers the versions now, which the save sends.
    const preview = bulkEditSlotsResponseSchema.parse(
      (
        await planner.post('/sites/DEMO/slots/bulk', {
          slots: [
            { id: slot.spanId, version: 1 },
            { id: other, version: 1 },
          ],
          action: { kind: 'set_capacity', capacity: 8 },
          preview: true,
        })
      ).json(),
    );
    expect(preview.slots).toEqual(
      expect.arrayContaining([
        { id: slot.spanId, version: 1 },
        { id: other, version: 1 },
      ]),
    );
    // Someone edits one of them by hand meanwhile.
    expect(
      (await planner.patch(`/sites/DEMO/slots/${other}`, { expected_version: 1, capacity: 20 })).statusCode,
    ).toBe(200);
    const save = { slots: preview.slots, action: { kind: 'set_capacity', capacity: 8 } };
    const refused = await planner.post('/sites/DEMO/slots/bulk', save);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'console edit conflict',
      issues: [{ path: `slots.${other}` }],
    });
    expect(await slotRow(slot.spanId)).toMatchObject({ capacity: 10, version: 1 });
    expect(await slotRow(other)).toMatchObject({ capacity: 20, version: 2 });

    // Previewed again, the save goes through with the new versions.
    const again = bulkEditSlotsResponseSchema.parse(
      (await planner.post('/sites/DEMO/slots/bulk', { ...save, preview: true })).json(),
    );
    expect(again.slots).toEqual(expect.arrayContaining([{ id: other, version: 2 }]));
    const saved = await planner.post('/sites/DEMO/slots/bulk', { ...save, slots: again.slots });
    expect(saved.statusCode).toBe(200);
    expect(bulkEditSlotsResponseSchema.parse(saved.json()).slots).toEqual(
      expect.arrayContaining([
        { id: slot.spanId, version: 2 },
        { id: other, version: 3 },
      ]),
    );
    expect(await slotRow(other)).toMatchObject({ capacity: 8, version: 3 });
  });

  it('a slot named twice is a bad request', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const twice = await planner.post('/sites/DEMO/slots/bulk', {
      slots: [
        { id: slot.spanId, version: 1 },
        { id: slot.spanId, version: 1 },
      ],
      action: { kind: 'close' },
    });
    expect(twice.statusCode).toBe(400);
    expect((await slotRow(slot.spanId)).on_sale).toBe(true);
  });
});

describe('a start taken by a concurrent insert', () => {
  it('moving one slot onto it answers console slot start taken, not a 5xx', async () => {
    const product = await createProduct(ctx.db, { site: 'DEMO' });
    const slot = await createTimeSpan(ctx.db, {
      productId: product.id,
      capacity: 5,
      startsAt: new Date('2027-11-02T01:00:00Z'),
    });
    const moved = await whileSlotUncommitted(product.id, new Date('2027-11-02T02:00:00Z'), () =>
      planner.patch(`/sites/DEMO/slots/${slot}`, { expected_version: 1, start_time: '11:00' }),
    );
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({
      error: 'console slot start taken',
      issues: [{ path: 'body.start_time' }],
    });
    expect(await slotRow(slot)).toMatchObject({
      starts_at: new Date('2027-11-02T01:00:00Z'),
      version: 1,
    });
  });

  it('a bulk shift onto it answers console slot start taken, nothing moved', async () => {
    const product = await createProduct(ctx.db, { site: 'DEMO' });
    const slot = await createTimeSpan(ctx.db, {
      productId: product.id,
      capacity: 5,
      startsAt: new Date('2027-11-03T01:00:00Z'),
    });
    const shifted = await whileSlotUncommitted(product.id, new Date('2027-11-03T01:30:00Z'), () =>
      planner.post('/sites/DEMO/slots/bulk', {
        slots: [{ id: slot, version: 1 }],
        action: { kind: 'shift', minutes: 30 },
      }),
    );
    expect(shifted.statusCode).toBe(409);
    expect(shifted.json().error).toBe('console slot start taken');
    expect(await slotRow(slot)).toMatchObject({
      starts_at: new Date('2027-11-03T01:00:00Z'),
      version: 1,
    });
  });

  it('a new slot at it answers console slot start taken; the generator skips it as existing', async () => {
    const product = await createProduct(ctx.db, { site: 'DEMO' });
    const created = await whileSlotUncommitted(product.id, new Date('2027-11-04T01:00:00Z'), () =>
      planner.post('/sites/DEMO/slots', {
        product_uuid: product.uuid,
        date: '2027-11-04',
        start_time: '10:00',
        length_minutes: 30,
        capacity: 5,
      }),
    );
    expect(created.statusCode).toBe(409);
    expect(created.json().error).toBe('console slot start taken');

    // 2027-11-05 is a Friday.
    const generated = await whileSlotUncommitted(product.id, new Date('2027-11-05T01:30:00Z'), () =>
      planner.post('/sites/DEMO/slots/generate', {
        product_uuid: product.uuid,
        from: '2027-11-05',
        to: '2027-11-05',
        weekdays: [5],
        times: { kind: 'list', times: ['10:00', '10:30'] },
        length_minutes: 30,
        capacity: 5,
      }),
    );
    expect(generated.statusCode).toBe(200);
    const answer = generateSlotsResponseSchema.parse(generated.json());
    expect(answer.created.map((slot) => slot.start_time)).toEqual(['10:00']);
    expect(answer.existing.map((slot) => slot.start_time)).toEqual(['10:30']);
    const [count] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM time_spans WHERE product_id = $1 AND starts_at::date = '2027-11-05'`,
      [product.id],
    );
    expect(count!.n).toBe(2);
  });
});

describe('closing a day on several sites', () => {
  it('takes each site once, in code order (the order their slots are locked in, so two closes never deadlock)', async () => {
    const demo = await productWithSlot(ctx.db, 5, {}, { startsAt: new Date('2027-12-01T02:00:00Z') });
    const mori = await productWithSlot(
      ctx.db,
      5,
      { site: 'MORI' },
      { startsAt: new Date('2027-12-01T03:00:00Z') },
    );
    const closed = closeDayResponseSchema.parse(
      (
        await planner.post('/schedule/close-day', { date: '2027-12-01', sites: ['MORI', 'DEMO', 'MORI'] })
      ).json(),
    );
    expect(closed.sites.map((site) => site.site)).toEqual(['DEMO', 'MORI']);
    expect((await slotRow(demo.spanId)).on_sale).toBe(false);
    expect((await slotRow(mori.spanId)).on_sale).toBe(false);
  });
});
