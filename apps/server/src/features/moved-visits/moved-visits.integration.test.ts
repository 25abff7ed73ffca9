import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@kippu/contract';
import { movedVisitResponseSchema } from '@kippu/contract/endpoints/moved-visits';
import { setupTestApp, xsrfHeaders } from '../../../test/helper.ts';
import { createTimeSpan } from '../../../test/factories.ts';
import { SITE_PATH } from '../../../test/order-support.ts';
import { createMove } from '../../domain/visitor-moves/create-move.ts';
import { runMove } from '../../domain/visitor-moves/run-move.ts';
import { visitorMoveDeps } from '../../domain/visitor-moves/register-visitor-moves.ts';
import {
  closedDay,
  movedMails,
  rowsOf,
  tokenOfLink,
  type ClosedDay,
} from '../../../test/visitor-moves-support.ts';

/** A moved visit's self-service link (ADR 079): another slot or a refund, before the deadline and once. */
const ctx = setupTestApp();
let day: ClosedDay;
let extraSlot: number;
/** The link's token of each moved reservation, in purchase order. */
let tokens: string[];

const get = (token: string) =>
  ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/moved-visits/${token}?lang=en` });
const post = (token: string, action: 'slot' | 'refund', payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `${SITE_PATH}/moved-visits/${token}/${action}`,
    headers: xsrfHeaders(),
    payload,
  });

beforeAll(async () => {
  day = await closedDay(ctx.app, ctx.db, { count: 4, targetCapacities: [20], tag: 'link' });
  extraSlot = await createTimeSpan(ctx.db, {
    productId: day.productId,
    capacity: 3,
    startsAt: new Date(`${addDays(day.date, 2)}T16:00:00+09:00`),
  });
  const created = await createMove(ctx.db, { kind: 'system', label: 'visitor-moves' }, 'DEMO', {
    source: { kind: 'slot', slot_id: day.sourceSlotIds[0]! },
    target_slot_ids: day.targetSlotIds,
    fallback: 'refund',
    preview: false,
  });
  // A second run on the other two slots, so that four reservations have links.
  const second = await createMove(ctx.db, { kind: 'system', label: 'visitor-moves' }, 'DEMO', {
    source: { kind: 'day', product_uuid: day.productUuid, date: day.date },
    target_slot_ids: day.targetSlotIds,
    fallback: 'refund',
    preview: false,
  }).catch((error: unknown) => error);
  // The day includes the first run's slot: refused while that run is open.
  expect(second).toMatchObject({ code: 'console_move_in_progress' });
  await runMove(ctx.db, visitorMoveDeps(ctx.app), created.move_id!);
  const rest = await createMove(ctx.db, { kind: 'system', label: 'visitor-moves' }, 'DEMO', {
    source: { kind: 'day', product_uuid: day.productUuid, date: day.date },
    target_slot_ids: day.targetSlotIds,
    fallback: 'refund',
    preview: false,
  });
  await runMove(ctx.db, visitorMoveDeps(ctx.app), rest.move_id!);
  const mails = await movedMails(ctx.db);
  tokens = day.reservations.map((reservation) =>
    tokenOfLink(mails.find((mail) => mail.to_address === reservation.email)!.payload.choiceUrl!),
  );
});

describe('the moved visit link', () => {
  it('shows the visit, old and new time, and other slots of the product with room (not the closed ones)', async () => {
    const response = await get(tokens[1]!);
    expect(response.statusCode).toBe(200);
    const visit = movedVisitResponseSchema.parse(response.json());
    const { rows } = await ctx.db.execute<{ starts_at: string }>(
      sql`SELECT starts_at FROM time_spans WHERE id = ${day.targetSlotIds[0]}`,
    );
    expect(visit).toMatchObject({
      status: 'open',
      tickets: 2,
      paid: 3000,
      previous: { time_span_id: day.reservations[1]!.slotId },
      current: { time_span_id: day.targetSlotIds[0], starts_at: new Date(rows[0]!.starts_at).toISOString() },
    });
    // The default deadline: the start of the new day in Tokyo (the end of the day before).
    expect(visit.deadline).toBe(new Date(`${day.date}T15:00:00Z`).toISOString());
    expect(visit.slots.map((slot) => slot.time_span_id)).toEqual([extraSlot]);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('an unknown token answers 404', async () => {
    expect((await get('AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
  });

  it('takes another slot once: the visit moves with new codes and a mail, a second choice is expired', async () => {
    const reservation = day.reservations[1]!;
    const mailsBefore = (await movedMails(ctx.db)).length;
    const response = await post(tokens[1]!, 'slot', { time_span_id: extraSlot, lang: 'en' });
    expect(response.statusCode).toBe(200);
    expect(movedVisitResponseSchema.parse(response.json())).toMatchObject({
      status: 'chosen',
      current: { time_span_id: extraSlot },
      slots: [],
    });
    const [order] = await rowsOf<{ time_span_id: string }>(
      ctx.db,
      sql`SELECT time_span_id FROM orders WHERE id = ${reservation.orderId}`,
    );
    expect(Number(order!.time_span_id)).toBe(extraSlot);
    const stock = await rowsOf<{ id: string; sold: number }>(
      ctx.db,
      sql`SELECT id, sold FROM time_spans WHERE id IN (${extraSlot}, ${day.targetSlotIds[0]}) ORDER BY id`,
    );
    expect(stock.map((slot) => slot.sold)).toEqual([6 - 2, 2]);
    const mails = await movedMails(ctx.db);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails.at(-1)).toMatchObject({ to_address: reservation.email });
    expect(mails.at(-1)!.payload.choiceUrl).toBeUndefined();

    for (const again of [
      await post(tokens[1]!, 'slot', { time_span_id: day.targetSlotIds[0], lang: 'en' }),
      await post(tokens[1]!, 'refund', { lang: 'en' }),
    ]) {
      expect(again.statusCode).toBe(410);
      expect(again.json()).toEqual({ error: 'moved visit offer expired' });
    }
  });

  it('refuses a slot without room for the whole visit (out of stock) or one not offered', async () => {
    // The extra slot has one place left; reservation 4 has two tickets.
    const full = await post(tokens[3]!, 'slot', { time_span_id: extraSlot, lang: 'en' });
    expect(full.statusCode).toBe(409);
    const closed = await post(tokens[3]!, 'slot', { time_span_id: day.sourceSlotIds[2], lang: 'en' });
    expect(closed.json()).toEqual({ error: 'ticket not on sale now' });
    expect(movedVisitResponseSchema.parse((await get(tokens[3]!)).json()).status).toBe('open');
  });

  it('refunds the whole reservation once; asking again answers the same refund', async () => {
    const reservation = day.reservations[2]!;
    const response = await post(tokens[2]!, 'refund', { lang: 'en' });
    expect(response.statusCode).toBe(200);
    expect(movedVisitResponseSchema.parse(response.json()).status).toBe('refunded');
    const again = await post(tokens[2]!, 'refund', { lang: 'en' });
    expect(again.statusCode).toBe(200);
    const refunds = await rowsOf<{ status: string; amount: string }>(
      ctx.db,
      sql`SELECT status, amount FROM refunds WHERE order_id = ${reservation.orderId}`,
    );
    expect(refunds).toHaveLength(1);
    expect(Number(refunds[0]!.amount)).toBe(1500);
    const [standing] = await rowsOf<{ status: string }>(
      ctx.db,
      sql`SELECT status FROM reservations WHERE id = ${reservation.id}`,
    );
    expect(standing!.status).toBe('refunded');
    // One refund mail for the two asks (review finding 4: the link's refunds know where links go).
    const refundMails = await rowsOf(
      ctx.db,
      sql`SELECT 1 FROM mail_outbox WHERE kind = 'refund_issued' AND to_address = ${reservation.email}`,
    );
    expect(refundMails).toHaveLength(1);
    expect((await post(tokens[2]!, 'slot', { time_span_id: extraSlot, lang: 'en' })).statusCode).toBe(410);
  });

  it('after the deadline: shown as expired, both choices answer moved_visit_expired', async () => {
    const reservation = day.reservations[0]!;
    await ctx.db.execute(sql`
      UPDATE visitor_move_items SET deadline = now() - interval '1 minute' WHERE reservation_id = ${reservation.id}`);
    const visit = movedVisitResponseSchema.parse((await get(tokens[0]!)).json());
    expect(visit).toMatchObject({ status: 'expired', slots: [] });
    expect((await post(tokens[0]!, 'slot', { time_span_id: extraSlot, lang: 'en' })).statusCode).toBe(410);
    expect((await post(tokens[0]!, 'refund', { lang: 'en' })).statusCode).toBe(410);
    const [order] = await rowsOf<{ status: string; time_span_id: string }>(
      ctx.db,
      sql`SELECT status, time_span_id FROM orders WHERE id = ${reservation.orderId}`,
    );
    expect([order!.status, Number(order!.time_span_id)]).toEqual(['reserved', day.targetSlotIds[0]]);
  });

  it('a refund the refunds domain refuses is answered, not reported refunded, and may be asked again (review finding 10)', async () => {
    const reservation = day.reservations[3]!;
    // Every ticket checked in meanwhile: nothing is left to refund.
    await ctx.db.execute(sql`
      UPDATE tickets SET status = 'used' FROM reservations r
      WHERE r.id = tickets.reservation_id AND (r.id = ${reservation.id} OR r.parent_reservation_id = ${reservation.id})`);
    const refused = await post(tokens[3]!, 'refund', { lang: 'en' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'console nothing to refund' });
    expect(movedVisitResponseSchema.parse((await get(tokens[3]!)).json()).status).toBe('open');
    const [item] = await rowsOf<{ visitor_choice: string | null; refund_id: string | null }>(
      ctx.db,
      sql`SELECT visitor_choice, refund_id FROM visitor_move_items WHERE reservation_id = ${reservation.id}`,
    );
    expect(item).toEqual({ visitor_choice: null, refund_id: null });

    // Once the tickets are refundable again (a check-in undone), the same link refunds.
    await ctx.db.execute(sql`
      UPDATE tickets SET status = 'valid' FROM reservations r
      WHERE r.id = tickets.reservation_id AND (r.id = ${reservation.id} OR r.parent_reservation_id = ${reservation.id})`);
    const refunded = await post(tokens[3]!, 'refund', { lang: 'en' });
    expect(refunded.statusCode).toBe(200);
    expect(movedVisitResponseSchema.parse(refunded.json()).status).toBe('refunded');
  });
});
