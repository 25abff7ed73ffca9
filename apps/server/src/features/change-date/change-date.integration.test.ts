import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CARDS,
  cardToken,
  orderStatus,
  payWithCard,
  paymentsOf,
  readyOrder,
  stockOf,
} from '../../../test/checkout-support.ts';
import { createProduct, createTimeSpan } from '../../../test/factories.ts';
import { answerChallenge, exePayment, postReturn } from '../../../test/gmo-redirect-support.ts';
import { setupTestApp, xsrfHeaders } from '../../../test/helper.ts';
import { SITE_PATH } from '../../../test/order-support.ts';
import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { sweepExpiredHolds } from '../../domain/order-expiry/sweep-expired-holds.ts';
import { verifyTicketQr } from '../../domain/tickets/ticket-qr.ts';

const DAY = 24 * 3600 * 1000;

/** A date-changeable product of group `group` on DEMO with ticket types priced `prices`, and its slots. */
async function changeableProduct(
  db: Db,
  prices: number[],
  slotStarts: Date[],
  rules: { changeable?: boolean; untilMinutes?: number; group?: string | null; capacity?: number } = {},
) {
  const product = await createProduct(db, { site: 'DEMO', prices });
  await db.execute(sql`
    UPDATE products SET date_changeable = ${rules.changeable ?? true},
                        date_change_until_minutes = ${rules.untilMinutes ?? 60},
                        date_change_group = ${rules.group === undefined ? 'visit-test' : rules.group}
    WHERE id = ${product.id}`);
  const spanIds: number[] = [];
  for (const startsAt of slotStarts) {
    spanIds.push(
      await createTimeSpan(db, { productId: product.id, capacity: rules.capacity ?? 20, startsAt }),
    );
  }
  return { ...product, spanIds };
}

/** A paid purchase of `quantity` tickets of the product's first type in its first slot. */
async function purchase(
  app: App,
  db: Db,
  product: Awaited<ReturnType<typeof changeableProduct>>,
  quantity = 2,
) {
  const slot = { ...product, spanId: product.spanIds[0]! };
  const order = await readyOrder(app, db, slot, quantity);
  const paid = await payWithCard(app, order.token);
  expect(paid.statusCode).toBe(200);
  const { reservation_token: token } = paid.json<{ reservation_token: string }>();
  return { token, orderId: order.id };
}

function postChange(app: App, token: string, timeSpanId: number) {
  return app.inject({
    method: 'POST',
    url: `${SITE_PATH}/timechanges/${token}`,
    headers: xsrfHeaders(),
    payload: { time_span_id: timeSpanId, lang: 'en' },
  });
}

function postChangeCheckout(app: App, token: string, change: string, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: `${SITE_PATH}/timechanges/${token}/${change}/checkout`,
    headers: xsrfHeaders(),
    payload: body,
  });
}

async function payTopUp(app: App, token: string, change: string, cardno: string = CARDS.visa) {
  return postChangeCheckout(app, token, change, {
    payment_method_type: 'gmo',
    token: await cardToken(app, cardno),
    masked_card_number: `${cardno.slice(0, 6)}******${cardno.slice(-4)}`,
  });
}

async function ticketsOf(app: App, token: string) {
  const res = await app.inject({ method: 'GET', url: `${SITE_PATH}/tickets/${token}?lang=en` });
  expect(res.statusCode).toBe(200);
  return res.json<{
    time_span_id: number;
    can_change_date: boolean;
    tickets: { id: number; qr: string }[];
  }>();
}

async function changeRow(db: Db, change: string) {
  const { rows } = await db.execute<{ status: string; order_id: number }>(
    sql`SELECT status, order_id FROM time_changes WHERE timechange_token = ${change}`,
  );
  return { status: rows[0]!.status, orderId: Number(rows[0]!.order_id) };
}

describe('change of date (ADR 029)', () => {
  const ctx = setupTestApp();
  // Days counted from one start for the whole file: a test that made a slot with inDays(9) and then asks
  // for inDays(9)'s date must get the same day, even if a UTC midnight (09:00 in Tokyo) passes in between.
  const firstDay = Math.floor(Date.now() / DAY) * DAY;
  const inDays = (days: number, hour = 3) => new Date(firstDay + days * DAY + hour * 3600_000);

  it('equal price: no payment; stock moves exactly, tickets move with new codes, the old codes fail', async () => {
    const product = await changeableProduct(ctx.db, [3000, 1000], [inDays(2), inDays(9)]);
    const [from, to] = product.spanIds as [number, number];
    const { token, orderId } = await purchase(ctx.app, ctx.db, product, 2);
    const before = await ticketsOf(ctx.app, token);
    expect(before.can_change_date).toBe(true);
    expect(await stockOf(ctx.db, from)).toEqual({ held: 0, sold: 2 });

    const options = await ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/timechanges/${token}?lang=en&date=${new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(inDays(9))}`,
    });
    expect(options.statusCode).toBe(200);
    expect(options.json().slots).toEqual([
      expect.objectContaining({ time_span_id: to, price: 6000, price_difference: 0 }),
    ]);

    const created = await postChange(ctx.app, token, to);
    expect(created.statusCode).toBe(201);
    const change = created.json<{ timechange_token: string }>().timechange_token;
    expect(change).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The pending change holds the new slot; the old one stays sold until it completes.
    expect(await stockOf(ctx.db, to)).toEqual({ held: 2, sold: 0 });
    expect(await stockOf(ctx.db, from)).toEqual({ held: 0, sold: 2 });

    const details = await ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/timechanges/${token}/${change}?lang=en`,
    });
    expect(details.json()).toMatchObject({ status: 'pending', price_difference: 0, top_up: 0, refund: 0 });

    const done = await postChangeCheckout(ctx.app, token, change, { payment_method_type: 'free' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'reserved', reservation_token: token });

    expect(await stockOf(ctx.db, from)).toEqual({ held: 0, sold: 0 });
    expect(await stockOf(ctx.db, to)).toEqual({ held: 0, sold: 2 });
    expect(await changeRow(ctx.db, change)).toMatchObject({ status: 'done' });
    expect(await orderStatus(ctx.db, orderId)).toBe('changed');

    const after = await ticketsOf(ctx.app, token);
    expect(after.time_span_id).toBe(to);
    expect(after.tickets.map((t) => t.id)).toEqual(before.tickets.map((t) => t.id));
    // Every old code is still genuine (signed by us) but names a secret the ticket no longer has.
    for (const old of before.tickets) {
      const claimed = verifyTicketQr(old.qr, ctx.env.APP_SECRET)!;
      const { rows } = await ctx.db.execute<{ secret: string }>(
        sql`SELECT secret FROM tickets WHERE id = ${claimed.ticketId}`,
      );
      expect(rows[0]!.secret).not.toBe(claimed.secret);
    }
    expect(after.tickets.every((t, i) => t.qr !== before.tickets[i]!.qr)).toBe(true);

    const { rows: events } = await ctx.db.execute<{ to_status: string; reason: string }>(
      sql`SELECT to_status, reason FROM order_events WHERE order_id = ${orderId} ORDER BY id DESC LIMIT 1`,
    );
    expect(events[0]).toEqual({ to_status: 'changed', reason: 'date_changed' });
    const { rows: mails } = await ctx.db.execute<{ kind: string; payload: { startsAt: string } }>(
      sql`SELECT kind, payload FROM mail_outbox WHERE kind = 'date_changed' ORDER BY id DESC LIMIT 1`,
    );
    expect(mails[0]!.payload.startsAt).toBe(inDays(9).toISOString());

    // A finished change answers the same again; it cannot be used twice.
    const again = await postChangeCheckout(ctx.app, token, change, { payment_method_type: 'free' });
    expect(again.json()).toMatchObject({ status: 'reserved', reservation_token: token });
    expect(await stockOf(ctx.db, to)).toEqual({ held: 0, sold: 2 });
  });

  it('more expensive: the top-up is charged by card; the tickets become the new product’s types', async () => {
    const cheap = await changeableProduct(ctx.db, [3000, 1000], [inDays(3)]);
    const dear = await changeableProduct(ctx.db, [5000, 2000], [inDays(10)]);
    const { token } = await purchase(ctx.app, ctx.db, cheap, 2);
    const created = await postChange(ctx.app, token, dear.spanIds[0]!);
    expect(created.statusCode).toBe(201);
    const change = created.json<{ timechange_token: string }>().timechange_token;
    const details = await ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/timechanges/${token}/${change}?lang=en`,
    });
    expect(details.json()).toMatchObject({
      old_price: 6000,
      new_price: 10000,
      price_difference: 4000,
      top_up: 4000,
    });

    // Nothing to pay is not accepted as free: the top-up goes to the card.
    const paid = await payTopUp(ctx.app, token, change);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'reserved', reservation_token: token });
    const { orderId } = await changeRow(ctx.db, change);
    expect(await paymentsOf(ctx.db, orderId)).toEqual([
      expect.objectContaining({ amount: 4000, status: 'confirmed' }),
    ]);
    expect(await stockOf(ctx.db, cheap.spanIds[0]!)).toEqual({ held: 0, sold: 0 });
    expect(await stockOf(ctx.db, dear.spanIds[0]!)).toEqual({ held: 0, sold: 2 });
    const { rows } = await ctx.db.execute<{ option_value_id: number }>(sql`
      SELECT tk.option_value_id FROM tickets tk JOIN reservations r ON r.id = tk.reservation_id
      WHERE r.reservation_token = ${token}`);
    expect(rows.map((r) => Number(r.option_value_id))).toEqual([
      dear.optionValueIds[0],
      dear.optionValueIds[0],
    ]);
  });

  it('cheaper: nothing is charged or refunded (the site policy, shown before confirming)', async () => {
    const dear = await changeableProduct(ctx.db, [5000, 2000], [inDays(3)]);
    const cheap = await changeableProduct(ctx.db, [3000, 1000], [inDays(10)]);
    const { token } = await purchase(ctx.app, ctx.db, dear, 1);
    const change = (await postChange(ctx.app, token, cheap.spanIds[0]!)).json<{ timechange_token: string }>()
      .timechange_token;
    const details = await ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/timechanges/${token}/${change}?lang=en`,
    });
    expect(details.json()).toMatchObject({ price_difference: -2000, top_up: 0, refund: 0 });
    // A method no payment family serves is refused before the change is looked at, even with nothing to pay.
    const bogus = await postChangeCheckout(ctx.app, token, change, { payment_method_type: 'bogus' });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json()).toEqual({ error: 'invalid request' });
    expect((await changeRow(ctx.db, change)).status).toBe('pending');
    // Whatever served method the screen sends, nothing to pay settles as free.
    const done = await postChangeCheckout(ctx.app, token, change, { payment_method_type: 'gmo' });
    expect(done.json()).toMatchObject({ status: 'reserved' });
    const { orderId } = await changeRow(ctx.db, change);
    expect(await paymentsOf(ctx.db, orderId)).toEqual([
      expect.objectContaining({ method: 'free', amount: 0, status: 'confirmed' }),
    ]);
    expect(await stockOf(ctx.db, cheap.spanIds[0]!)).toEqual({ held: 0, sold: 1 });
  });

  it('a declined top-up moves nothing; paying again completes the change', async () => {
    const cheap = await changeableProduct(ctx.db, [3000, 1000], [inDays(4)]);
    const dear = await changeableProduct(ctx.db, [5000, 2000], [inDays(11)]);
    const { token, orderId } = await purchase(ctx.app, ctx.db, cheap, 2);
    const before = await ticketsOf(ctx.app, token);
    const change = (await postChange(ctx.app, token, dear.spanIds[0]!)).json<{ timechange_token: string }>()
      .timechange_token;

    const declined = await payTopUp(ctx.app, token, change, CARDS.decline);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ error: 'payment_api_failure' });
    expect(await stockOf(ctx.db, cheap.spanIds[0]!)).toEqual({ held: 0, sold: 2 });
    expect(await stockOf(ctx.db, dear.spanIds[0]!)).toEqual({ held: 2, sold: 0 });
    expect(await orderStatus(ctx.db, orderId)).toBe('reserved');
    expect(await changeRow(ctx.db, change)).toMatchObject({ status: 'pending' });
    const unchanged = await ticketsOf(ctx.app, token);
    expect(unchanged.time_span_id).toBe(cheap.spanIds[0]);
    expect(unchanged.tickets.map((t) => t.qr)).toEqual(before.tickets.map((t) => t.qr));

    const paid = await payTopUp(ctx.app, token, change);
    expect(paid.json()).toMatchObject({ status: 'reserved' });
    expect(await stockOf(ctx.db, dear.spanIds[0]!)).toEqual({ held: 0, sold: 2 });
    expect(await stockOf(ctx.db, cheap.spanIds[0]!)).toEqual({ held: 0, sold: 0 });
  });

  it('a top-up by 3-D Secure: a failed challenge answers the time-change fields (back to the change’s payment); passed, it completes', async () => {
    const cheap = await changeableProduct(ctx.db, [3000, 1000], [inDays(5)]);
    const dear = await changeableProduct(ctx.db, [5000, 2000], [inDays(12)]);
    const { token } = await purchase(ctx.app, ctx.db, cheap, 1);
    const change = (await postChange(ctx.app, token, dear.spanIds[0]!)).json<{ timechange_token: string }>()
      .timechange_token;
    const challenge = async () => {
      const res = await postChangeCheckout(ctx.app, token, change, {
        payment_method_type: 'gmo_3ds',
        token: await cardToken(ctx.app, CARDS.challenge),
      });
      expect(res.json()).toMatchObject({ status: 'redirect' });
      return res.json<{ redirect_url: string }>().redirect_url;
    };

    const first = await answerChallenge(ctx.app, await challenge(), 'fail');
    await postReturn(ctx.app, first.returnUrl, `AccessID=${first.accessId}`);
    const failed = await exePayment(ctx.app, first.accessId);
    expect(failed.statusCode).toBe(402);
    const { orderId } = await changeRow(ctx.db, change);
    const { rows } = await ctx.db.execute<{ order_token: string }>(
      sql`SELECT order_token FROM orders WHERE id = ${orderId}`,
    );
    expect(failed.json()).toEqual({
      error: 'payment_api_failure',
      can_retry: true,
      order_token: rows[0]!.order_token,
      is_time_change: true,
      flow: 'change_date',
      old_reservation_token: token,
      time_change_token: change,
      sales_channel: 'web',
    });

    const second = await answerChallenge(ctx.app, await challenge(), 'pass');
    await postReturn(ctx.app, second.returnUrl, `AccessID=${second.accessId}`);
    const passed = await exePayment(ctx.app, second.accessId);
    expect(passed.json()).toMatchObject({ status: 'reserved', reservation_token: token });
    expect(await changeRow(ctx.db, change)).toMatchObject({ status: 'done' });
    expect(await stockOf(ctx.db, dear.spanIds[0]!)).toEqual({ held: 0, sold: 1 });
    expect((await paymentsOf(ctx.db, orderId)).map((payment) => payment.status)).toEqual([
      'failed',
      'confirmed',
    ]);
  });

  it('a pending change that expires gives the new slot its stock back and can no longer complete', async () => {
    const product = await changeableProduct(ctx.db, [3000, 1000], [inDays(5), inDays(12)]);
    const [from, to] = product.spanIds as [number, number];
    const { token } = await purchase(ctx.app, ctx.db, product, 3);
    const change = (await postChange(ctx.app, token, to)).json<{ timechange_token: string }>()
      .timechange_token;
    expect(await stockOf(ctx.db, to)).toEqual({ held: 3, sold: 0 });
    const { orderId } = await changeRow(ctx.db, change);
    await ctx.db.execute(
      sql`UPDATE orders SET expires_at = now() - interval '1 second' WHERE id = ${orderId}`,
    );

    const late = await postChangeCheckout(ctx.app, token, change, { payment_method_type: 'free' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'time change status is not pending or time change expired' });

    expect(await sweepExpiredHolds(ctx.db)).toBeGreaterThanOrEqual(1);
    expect(await stockOf(ctx.db, to)).toEqual({ held: 0, sold: 0 });
    expect(await stockOf(ctx.db, from)).toEqual({ held: 0, sold: 3 });
    expect(await changeRow(ctx.db, change)).toMatchObject({ status: 'expired' });
    // The reservation may change again.
    expect((await postChange(ctx.app, token, to)).statusCode).toBe(201);
  });

  it('two changes of one reservation at once (two servers): exactly one is held', async () => {
    const product = await changeableProduct(ctx.db, [3000, 1000], [inDays(6), inDays(13), inDays(14)]);
    const [, second, third] = product.spanIds as [number, number, number];
    const { token } = await purchase(ctx.app, ctx.db, product, 2);
    const other = await ctx.anotherApp();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        postChange(i % 2 ? other : ctx.app, token, i % 3 ? second : third),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json()).toEqual({ error: 'waiting time change exists' });
    }
    const second_ = await stockOf(ctx.db, second);
    const third_ = await stockOf(ctx.db, third);
    // The losers' holds were given back at once: only the winner's two tickets are held.
    expect(second_.held + third_.held).toBe(2);
    const { rows } = await ctx.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM time_changes c JOIN reservations r ON r.id = c.reservation_id
      WHERE r.reservation_token = ${token} AND c.status = 'pending'`);
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses what the rules forbid, with the spec’s errors', async () => {
    const fixed = await changeableProduct(ctx.db, [3000], [inDays(3), inDays(8)], { changeable: false });
    const fixedBuy = await purchase(ctx.app, ctx.db, fixed, 1);
    expect((await ticketsOf(ctx.app, fixedBuy.token)).can_change_date).toBe(false);
    const refused = await postChange(ctx.app, fixedBuy.token, fixed.spanIds[1]!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'cannot change ticket' });

    // Within the notice period (two days before, the product allows changes until three days before).
    const soon = await changeableProduct(ctx.db, [3000], [inDays(2), inDays(8)], {
      untilMinutes: 4 * 24 * 60,
    });
    const soonBuy = await purchase(ctx.app, ctx.db, soon, 1);
    expect((await postChange(ctx.app, soonBuy.token, soon.spanIds[1]!)).json()).toEqual({
      error: 'cannot change ticket',
    });

    // Another group's product.
    const elsewhere = await changeableProduct(ctx.db, [3000], [inDays(9)], { group: 'other-group' });
    const product = await changeableProduct(ctx.db, [3000], [inDays(3)], { capacity: 5 });
    const buy = await purchase(ctx.app, ctx.db, product, 2);
    expect((await postChange(ctx.app, buy.token, elsewhere.spanIds[0]!)).json()).toEqual({
      error: 'cannot change ticket',
    });

    // A full slot.
    const full = await changeableProduct(ctx.db, [3000], [inDays(9)], { capacity: 1 });
    expect((await postChange(ctx.app, buy.token, full.spanIds[0]!)).json()).toEqual({
      error: 'time_change_out_of_stock',
    });

    // Bad input never reaches the domain.
    const bad = await postChange(ctx.app, buy.token, -1);
    expect(bad.statusCode).toBe(400);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/timechanges/nosuchtoken?lang=en`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('offers and moves onto published products only: a draft or retired product of the group is neither', async () => {
    const group = 'published-only';
    const product = await changeableProduct(ctx.db, [3000], [inDays(3), inDays(11)], { group });
    const draft = await changeableProduct(ctx.db, [3000], [inDays(11, 4)], { group });
    const retired = await changeableProduct(ctx.db, [3000], [inDays(11, 5)], { group });
    const published = await changeableProduct(ctx.db, [3000], [inDays(11, 6)], { group });
    const { token } = await purchase(ctx.app, ctx.db, product, 1);
    await ctx.db.execute(sql`UPDATE products SET status = 'draft' WHERE id = ${draft.id}`);
    await ctx.db.execute(sql`UPDATE products SET status = 'retired' WHERE id = ${retired.id}`);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(inDays(11));
    const offered = async () => {
      const options = await ctx.app.inject({
        method: 'GET',
        url: `${SITE_PATH}/timechanges/${token}?lang=en&date=${day}`,
      });
      expect(options.statusCode).toBe(200);
      return options.json<{ slots: { time_span_id: number }[] }>().slots.map((slot) => slot.time_span_id);
    };
    expect(await offered()).toEqual([product.spanIds[1], published.spanIds[0]]);
    for (const closed of [draft, retired]) {
      const refused = await postChange(ctx.app, token, closed.spanIds[0]!);
      expect([refused.statusCode, refused.json()]).toEqual([409, { error: 'cannot change ticket' }]);
      expect(await stockOf(ctx.db, closed.spanIds[0]!)).toEqual({ held: 0, sold: 0 });
    }

    // The booked product retired: its other slots are not for sale any more; the group's still are.
    await ctx.db.execute(sql`UPDATE products SET status = 'retired' WHERE id = ${product.id}`);
    expect(await offered()).toEqual([published.spanIds[0]]);
    const moved = await postChange(ctx.app, token, published.spanIds[0]!);
    expect(moved.statusCode).toBe(201);
    expect(await stockOf(ctx.db, published.spanIds[0]!)).toEqual({ held: 1, sold: 0 });
  });

  it('a cancelled change gives its hold back at once', async () => {
    const product = await changeableProduct(ctx.db, [3000], [inDays(3), inDays(8)]);
    const { token } = await purchase(ctx.app, ctx.db, product, 2);
    const change = (await postChange(ctx.app, token, product.spanIds[1]!)).json<{
      timechange_token: string;
    }>().timechange_token;
    const cancelled = await ctx.app.inject({
      method: 'DELETE',
      url: `${SITE_PATH}/timechanges/${token}/${change}`,
      headers: xsrfHeaders(),
    });
    expect(cancelled.statusCode).toBe(204);
    expect(await stockOf(ctx.db, product.spanIds[1]!)).toEqual({ held: 0, sold: 0 });
    expect(await changeRow(ctx.db, change)).toMatchObject({ status: 'cancelled' });
  });
});
