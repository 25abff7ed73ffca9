import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ticketResponseSchema } from '@kippu/contract';
import { createdGateDeviceSchema } from '@kippu/contract/console/operations-devices';
import {
  changeOrderDateResponseSchema,
  consoleOrderResponseSchema,
  orderDateOptionsResponseSchema,
  orderSearchResponseSchema,
  type ConsoleOrder,
  type OrderSearchKind,
} from '@kippu/contract/console/orders-schemas';
import { setupTestApp, xsrfHeaders } from '../../../../test/helper.ts';
import { createCoupon, createProduct, createTimeSpan } from '../../../../test/factories.ts';
import { payWithCard, readyOrder } from '../../../../test/checkout-support.ts';
import { productWithSlot, SITE_PATH } from '../../../../test/order-support.ts';
import { moveSlotToNow } from '../../../../test/entry-window-support.ts';
import { signedIn, twoOrganisations, type ConsoleAs } from '../operations/operations-test-support.ts';

/**
 * The console's order desk (issue 29, ADR 078) on real purchases: the search by each key within the site,
 * the order's page and its timeline, and the staff actions with their audit rows and permissions.
 */

const ctx = setupTestApp();
let owner: ConsoleAs;
let planner: ConsoleAs;
let gate: ConsoleAs;
let orgA: number;
let seq = 0;

const DAY = 24 * 3600 * 1000;
const notFound = { error: 'record not found' };

beforeAll(async () => {
  const orgs = await twoOrganisations(ctx.db, 'order-desk');
  orgA = orgs.a;
  owner = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', 'all');
  planner = await signedIn(ctx.app, ctx.db, orgs.a, 'planner', 'all');
  gate = await signedIn(ctx.app, ctx.db, orgs.a, 'gate', 'all');
});

interface Purchase {
  orderId: number;
  reservationToken: string;
  reservationNumber: string;
  email: string;
  fullname: string;
  phone: string;
}

/** A paid DEMO purchase of `quantity` tickets with its own e-mail, name and phone (and a coupon when given). */
async function purchase(
  slot: Awaited<ReturnType<typeof productWithSlot>>,
  options: { quantity?: number; couponCode?: string } = {},
): Promise<Purchase> {
  seq += 1;
  const tag = `${process.pid}x${seq}`;
  const email = `desk-${tag}@example.jp`;
  const fullname = `Kintaro Deskmann${tag}`;
  const phone = `090-${String(seq).padStart(4, '0')}-${String(process.pid % 10_000).padStart(4, '0')}`;
  const order = await readyOrder(ctx.app, ctx.db, slot, options.quantity ?? 1, email);
  const info = [
    { key: 'fullname', value: fullname },
    { key: 'email', value: email },
    { key: 'phone', value: phone },
  ];
  await ctx.db.execute(
    sql`UPDATE orders SET customer_info = ${JSON.stringify(info)}::jsonb WHERE id = ${order.id}`,
  );
  if (options.couponCode) {
    const applied = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/ordercoupons/${order.token}`,
      headers: xsrfHeaders(),
      payload: { coupon_code: options.couponCode },
    });
    expect(applied.statusCode).toBe(200);
  }
  const paid = await payWithCard(ctx.app, order.token);
  expect(paid.statusCode).toBe(200);
  const { reservation_token, reservation_number } = paid.json<{
    reservation_token: string;
    reservation_number: string;
  }>();
  return {
    orderId: order.id,
    reservationToken: reservation_token,
    reservationNumber: reservation_number,
    email,
    fullname,
    phone,
  };
}

async function search(as: ConsoleAs, site: string, params: Record<string, string>) {
  const res = await as.get(`/sites/${site}/orders?${new URLSearchParams(params)}`);
  expect(res.statusCode).toBe(200);
  return orderSearchResponseSchema.parse(res.json());
}

async function orderPage(as: ConsoleAs, orderId: number): Promise<ConsoleOrder> {
  const res = await as.get(`/sites/DEMO/orders/${orderId}`);
  expect(res.statusCode).toBe(200);
  return consoleOrderResponseSchema.parse(res.json()).order;
}

async function ticketQr(reservationToken: string): Promise<string> {
  const page = ticketResponseSchema.parse(
    (await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/tickets/${reservationToken}?lang=en` })).json(),
  );
  return page.tickets[0]!.qr;
}

describe('the order search', () => {
  it('finds the order by each key, and only the site’s', async () => {
    const code = `DESK${process.pid}`;
    await createCoupon(ctx.db, { code });
    const slot = await productWithSlot(ctx.db, 20);
    const mine = await purchase(slot, { couponCode: code });
    // A twin on another site of the same organisation: same e-mail, name and phone.
    const twin = await purchase(slot);
    const twinInfo = [
      { key: 'fullname', value: mine.fullname },
      { key: 'email', value: mine.email },
      { key: 'phone', value: mine.phone },
    ];
    await ctx.db
      .execute(sql`UPDATE orders SET site_code = 'ARTIZON', customer_info = ${JSON.stringify(twinInfo)}::jsonb
                             WHERE id = ${twin.orderId}`);
    const { rows } = await ctx.db.execute<{ payment_number: string }>(
      sql`SELECT payment_number FROM payments WHERE order_id = ${mine.orderId} AND status = 'confirmed'`,
    );
    const keys: [OrderSearchKind, string][] = [
      ['reservation_number', mine.reservationNumber.toLowerCase()],
      ['email', mine.email.toUpperCase()],
      ['phone', mine.phone.replaceAll('-', ' ')],
      ['name', mine.fullname.slice(8).toLowerCase()],
      ['coupon_code', code],
      ['payment_number', rows[0]!.payment_number],
      ['ticket_qr', await ticketQr(mine.reservationToken)],
    ];
    for (const [kind, q] of keys) {
      const found = await search(owner, 'DEMO', { q });
      const hit = found.orders.find((order) => order.id === mine.orderId);
      expect(hit?.matched_by, kind).toContain(kind);
      expect(
        found.orders.map((order) => order.id),
        kind,
      ).not.toContain(twin.orderId);
      // Asked for that kind alone, it still answers.
      expect((await search(owner, 'DEMO', { q, kind })).orders.map((order) => order.id)).toContain(
        mine.orderId,
      );
    }
    expect((await search(owner, 'DEMO', { q: mine.email })).orders[0]).toMatchObject({
      id: mine.orderId,
      reservation_number: mine.reservationNumber,
      status: 'reserved',
      channel: 'web',
      visitor: { fullname: mine.fullname, email: mine.email, phone: mine.phone },
    });
    // The other site's search finds its twin and not this one.
    const there = await search(owner, 'ARTIZON', { q: mine.email });
    expect(there.orders.map((order) => order.id)).toEqual([twin.orderId]);
    // A forged QR payload names nothing.
    const forged = `K1.${mine.orderId}.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAA`;
    expect((await search(owner, 'DEMO', { q: forged })).orders).toEqual([]);
  });

  it('filters by visit day and status, newest first, a page at a time', async () => {
    const startsAt = new Date(Date.now() + 40 * DAY);
    const slot = await productWithSlot(ctx.db, 20, {}, { startsAt });
    const first = await purchase(slot);
    const second = await purchase(slot);
    const third = await purchase(slot);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(startsAt);
    const page1 = await search(owner, 'DEMO', { date: day, status: 'reserved', limit: '2' });
    expect(page1.orders.map((order) => order.id)).toEqual([third.orderId, second.orderId]);
    const page2 = await search(owner, 'DEMO', {
      date: day,
      status: 'reserved',
      limit: '2',
      cursor: page1.next_cursor!,
    });
    expect(page2.orders.map((order) => order.id)).toEqual([first.orderId]);
    expect(page2.next_cursor).toBeNull();
    expect((await search(owner, 'DEMO', { date: day, status: 'cancelled' })).orders).toEqual([]);
  });
});

describe('a partner’s bookings (issue 30, acceptance 3)', () => {
  it('answer the partner’s name in the list and on the page, and filter by partner', async () => {
    const slot = await productWithSlot(ctx.db, 20);
    const booked = await purchase(slot);
    const other = await purchase(slot);
    const web = await purchase(slot);
    const partnerNamed = async (name: string) =>
      Number(
        (
          await ctx.db.execute<{ id: number }>(
            sql`INSERT INTO partners (organisation_id, name) VALUES (${orgA}, ${name}) RETURNING id`,
          )
        ).rows[0]!.id,
      );
    const partner = await partnerNamed(`Desk Travel ${process.pid}`);
    const otherPartner = await partnerNamed(`Other Travel ${process.pid}`);
    await ctx.db.execute(
      sql`UPDATE orders SET channel = 'OTA', partner_id = ${partner} WHERE id = ${booked.orderId}`,
    );
    await ctx.db.execute(
      sql`UPDATE orders SET channel = 'OTA', partner_id = ${otherPartner} WHERE id = ${other.orderId}`,
    );

    const listed = await search(owner, 'DEMO', { channel: 'OTA', partner_id: String(partner) });
    expect(listed.orders.map((order) => order.id)).toEqual([booked.orderId]);
    expect(listed.orders[0]).toMatchObject({
      channel: 'OTA',
      partner_id: partner,
      partner_name: `Desk Travel ${process.pid}`,
    });
    const ota = (await search(owner, 'DEMO', { channel: 'OTA' })).orders;
    expect(ota.find((order) => order.id === other.orderId)?.partner_name).toBe(`Other Travel ${process.pid}`);
    const webHit = (await search(owner, 'DEMO', { q: web.email })).orders[0]!;
    expect(webHit).toMatchObject({ id: web.orderId, partner_id: null, partner_name: null });

    expect(await orderPage(owner, booked.orderId)).toMatchObject({
      channel: 'OTA',
      partner_id: partner,
      partner_name: `Desk Travel ${process.pid}`,
    });
    expect(await orderPage(owner, web.orderId)).toMatchObject({ partner_id: null, partner_name: null });
    // Not a partner id: refused as bad input, never a 5xx.
    expect((await owner.get('/sites/DEMO/orders?partner_id=abc')).statusCode).toBe(400);
  });
});

describe('an order’s page', () => {
  it('shows the tickets, payments, refunds, coupons and mails, and one timeline newest first', async () => {
    const slot = await productWithSlot(ctx.db, 20);
    const mine = await purchase(slot, { quantity: 2 });
    await moveSlotToNow(ctx.db, slot.spanId); // inside the entry window (ADR 111)
    const device = createdGateDeviceSchema.parse(
      (await owner.post('/sites/DEMO/gate-devices', { name: `Desk gate ${seq}` })).json(),
    );
    const scan = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/gate/check-ins`,
      headers: { ...xsrfHeaders(), 'x-gate-key': device.key },
      payload: {
        code: await ticketQr(mine.reservationToken),
        mode: 'gate',
        nonce: `order-desk-${process.pid}-xxxxxxxxxx`,
        lang: 'en',
      },
    });
    expect(scan.json()).toMatchObject({ result: 'success' });
    // A refund as the refunds area writes it (ADR 076): the page reads its row.
    const { rows: refundRows } = await ctx.db.execute<{ id: number }>(sql`
      INSERT INTO refunds (order_id, reservation_id, site_code, amount, status, reason, idempotency_key,
                           requested_by_label)
      SELECT ${mine.orderId}, r.id, 'DEMO', 0, 'none', 'visitor_sick', ${`desk-${mine.orderId}`}, 'system'
      FROM reservations r WHERE r.order_id = ${mine.orderId}
      RETURNING id`);
    const resent = await owner.post(`/sites/DEMO/orders/${mine.orderId}/purchase-mail`, {});
    expect(resent.statusCode).toBe(200);

    const page = await orderPage(planner, mine.orderId);
    expect(page).toMatchObject({
      id: mine.orderId,
      status: 'reserved',
      reservation: { reservation_number: mine.reservationNumber, status: 'reserved' },
      visitor: { fullname: mine.fullname, email: mine.email, phone: mine.phone },
      quantity: 2,
    });
    expect(page.tickets.map((ticket) => ticket.status).sort()).toEqual(['used', 'valid']);
    expect(page.payments).toHaveLength(1);
    expect(page.payments[0]).toMatchObject({ status: 'confirmed', amount: page.price });
    expect(page.refunds).toEqual([
      expect.objectContaining({ id: Number(refundRows[0]!.id), reason: 'visitor_sick' }),
    ]);
    expect(page.mails.map((mail) => mail.kind)).toEqual(['purchase_confirmation', 'purchase_confirmation']);

    const { timeline } = page;
    const ats = timeline.map((entry) => entry.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    const sources = new Set(timeline.map((entry) => entry.source));
    for (const source of ['status', 'payment', 'mail', 'check_in', 'refund', 'audit'] as const) {
      expect(sources, source).toContain(source);
    }
    const index = (match: (entry: (typeof timeline)[number]) => boolean) => timeline.findIndex(match);
    const reservedAt = index((e) => e.source === 'status' && e.what === 'reserved');
    const checkedIn = index((e) => e.source === 'check_in' && e.what === 'success');
    const refunded = index((e) => e.source === 'refund');
    const resendAudit = index((e) => e.source === 'audit' && e.what === 'purchase_mail_resent');
    // Newest first: the resend, then the refund, then the check-in, then the purchase.
    expect(resendAudit).toBeGreaterThanOrEqual(0);
    expect(resendAudit).toBeLessThan(refunded);
    expect(refunded).toBeLessThan(checkedIn);
    expect(checkedIn).toBeLessThan(reservedAt);
    expect(timeline[resendAudit]!.actor).toMatchObject({ kind: 'staff', staff_id: owner.staffId });

    // Another site's route does not answer it.
    expect((await owner.get(`/sites/ARTIZON/orders/${mine.orderId}`)).json()).toEqual(notFound);
  });
});

describe('staff actions', () => {
  it('a resend queues one purchase mail to the reservation’s address, audited', async () => {
    const mine = await purchase(await productWithSlot(ctx.db, 20));
    const count = async () =>
      (
        await ctx.db.execute<{ n: number }>(sql`
          SELECT count(*)::int AS n FROM mail_outbox
          WHERE kind = 'purchase_confirmation' AND payload ->> 'reservationNumber' = ${mine.reservationNumber}`)
      ).rows[0]!.n;
    const before = await count();
    const res = await owner.post(`/sites/DEMO/orders/${mine.orderId}/purchase-mail`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ mail: { kind: 'purchase_confirmation', to_address: mine.email } });
    expect(await count()).toBe(before + 1);
    const { rows } = await ctx.db.execute<{ actor_staff_id: number }>(sql`
      SELECT actor_staff_id FROM audit_events
      WHERE object_type = 'order' AND object_id = ${String(mine.orderId)} AND action = 'purchase_mail_resent'`);
    expect(rows.map((row) => Number(row.actor_staff_id))).toEqual([owner.staffId]);
  });

  it('an edit of the visitor’s details follows the form’s rules, checks the version and is audited', async () => {
    const mine = await purchase(await productWithSlot(ctx.db, 20));
    const page = await orderPage(owner, mine.orderId);
    const url = `/sites/DEMO/orders/${mine.orderId}/visitor`;
    const bad = await owner.put(url, { email: 'not-an-address', expected_updated_at: page.updated_at });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'invalid email address' });
    // The name is required on DEMO's form.
    expect((await owner.put(url, { fullname: ' ', expected_updated_at: page.updated_at })).statusCode).toBe(
      400,
    );

    const email = `corrected-${mine.email}`;
    const ok = await owner.put(url, { email, phone: '03-1111-2222', expected_updated_at: page.updated_at });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ visitor: { fullname: mine.fullname, email, phone: '03-1111-2222' } });
    const { rows } = await ctx.db.execute<{ email: string }>(
      sql`SELECT email FROM reservations WHERE order_id = ${mine.orderId}`,
    );
    expect(rows[0]!.email).toBe(email);
    const audit = await ctx.db.execute<{
      actor_staff_id: number;
      personal_data: { before: object; after: object };
    }>(sql`
      SELECT actor_staff_id, personal_data FROM audit_events
      WHERE object_type = 'order' AND object_id = ${String(mine.orderId)} AND action = 'visitor_details_changed'`);
    expect(audit.rows).toHaveLength(1);
    expect(Number(audit.rows[0]!.actor_staff_id)).toBe(owner.staffId);
    expect(JSON.stringify(audit.rows[0]!.personal_data)).toContain(email);
    // The screen's copy is stale now.
    const stale = await owner.put(url, { phone: '03-3333-4444', expected_updated_at: page.updated_at });
    expect(stale.json()).toEqual({ error: 'console edit conflict' });
    // The new address is searchable at once.
    expect((await search(owner, 'DEMO', { q: email })).orders.map((order) => order.id)).toEqual([
      mine.orderId,
    ]);
  });

  it('a change of date with the top-up waived moves the visit and audits the waiver with the staff member', async () => {
    const group = `desk-${process.pid}`;
    const cheap = await createProduct(ctx.db, { site: 'DEMO', prices: [1000] });
    const dear = await createProduct(ctx.db, { site: 'DEMO', prices: [3000] });
    await ctx.db.execute(sql`UPDATE products SET date_changeable = true, date_change_until_minutes = 60,
                             date_change_group = ${group} WHERE id IN (${cheap.id}, ${dear.id})`);
    const from = await createTimeSpan(ctx.db, {
      productId: cheap.id,
      capacity: 10,
      startsAt: new Date(Date.now() + 5 * DAY),
    });
    const toStart = new Date(Date.now() + 6 * DAY);
    const to = await createTimeSpan(ctx.db, { productId: dear.id, capacity: 10, startsAt: toStart });
    const mine = await purchase({ ...cheap, spanId: from });
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(toStart);

    const options = orderDateOptionsResponseSchema.parse(
      (await planner.get(`/sites/DEMO/orders/${mine.orderId}/date-change?date=${day}&lang=en`)).json(),
    );
    expect(options.changeable).toBe(true);
    expect(options.slots.find((slot) => slot.time_span_id === to)).toMatchObject({ price_difference: 2000 });

    const url = `/sites/DEMO/orders/${mine.orderId}/date-change`;
    // Owed but neither collected nor waived: refused, and the new slot's hold is given back at once.
    const refused = await owner.post(url, { time_span_id: to, top_up: { kind: 'none' } });
    expect(refused.json()).toEqual({ error: 'invalid request' });
    const held = await ctx.db.execute<{ held: number }>(sql`SELECT held FROM time_spans WHERE id = ${to}`);
    expect(Number(held.rows[0]!.held)).toBe(0);

    const reason = 'Our lift was out of order; the visitor could not come';
    const res = await owner.post(url, { time_span_id: to, top_up: { kind: 'waive', reason } });
    expect(res.statusCode).toBe(200);
    const changed = changeOrderDateResponseSchema.parse(res.json());
    expect(changed).toMatchObject({ price_difference: 2000, collected: 0, waived: 2000 });
    expect(changed.order_id).not.toBe(mine.orderId);
    expect(changed.starts_at).toBe(toStart.toISOString());

    const moved = await orderPage(owner, changed.order_id);
    expect(moved).toMatchObject({
      time_span_id: to,
      status: 'reserved',
      changed_from_order_id: mine.orderId,
    });
    expect(moved.tickets.every((ticket) => ticket.status === 'valid')).toBe(true);
    const old = await orderPage(owner, mine.orderId);
    expect(old).toMatchObject({ status: 'changed', changed_to_order_id: changed.order_id });
    const stock = await ctx.db.execute<{ id: number; sold: number; held: number }>(
      sql`SELECT id, sold, held FROM time_spans WHERE id IN (${from}, ${to}) ORDER BY id`,
    );
    expect(stock.rows.map((row) => [Number(row.sold), Number(row.held)])).toEqual([
      [0, 0],
      [1, 0],
    ]);
    const audit = await ctx.db.execute<{ actor_staff_id: number; after: Record<string, unknown> }>(sql`
      SELECT actor_staff_id, after FROM audit_events
      WHERE object_type = 'order' AND object_id = ${String(mine.orderId)} AND action = 'date_change_top_up_waived'`);
    expect(audit.rows).toHaveLength(1);
    expect(Number(audit.rows[0]!.actor_staff_id)).toBe(owner.staffId);
    expect(audit.rows[0]!.after).toMatchObject({ waived: 2000, collected: 0, reason, to_time_span_id: to });
    // Nothing was charged: the top-up's attempt is ¥0 by the free method.
    const payments = await ctx.db.execute<{ method: string; amount: number; status: string }>(
      sql`SELECT method, amount, status FROM payments WHERE order_id = ${changed.order_id}`,
    );
    expect(payments.rows.map((p) => [p.method, Number(p.amount), p.status])).toEqual([
      ['free', 0, 'confirmed'],
    ]);
    // The waiver is on the purchase's timeline, from either order's page.
    expect(moved.timeline.find((e) => e.what === 'date_change_top_up_waived')?.actor?.staff_id).toBe(
      owner.staffId,
    );
  });
});

/** A purchase of two 1,200 yen tickets, and a slot of its date-change group where they cost 2,000 each. */
async function dearerMove(tag: string) {
  const group = `desk-${tag}-${process.pid}`;
  const cheap = await createProduct(ctx.db, { site: 'DEMO', prices: [1200] });
  const dear = await createProduct(ctx.db, { site: 'DEMO', prices: [2000] });
  await ctx.db.execute(sql`UPDATE products SET date_changeable = true, date_change_until_minutes = 60,
                           date_change_group = ${group} WHERE id IN (${cheap.id}, ${dear.id})`);
  const from = await createTimeSpan(ctx.db, {
    productId: cheap.id,
    capacity: 10,
    startsAt: new Date(Date.now() + 7 * DAY),
  });
  const toStart = new Date(Date.now() + 8 * DAY);
  const to = await createTimeSpan(ctx.db, { productId: dear.id, capacity: 10, startsAt: toStart });
  const mine = await purchase({ ...cheap, spanId: from }, { quantity: 2 });
  return { mine, to, day: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(toStart) };
}

describe('a change of date with the top-up collected at the counter', () => {
  async function collect(orderId: number, to: number, topUp: Record<string, string>) {
    const res = await owner.post(`/sites/DEMO/orders/${orderId}/date-change`, {
      time_span_id: to,
      top_up: { kind: 'collect', ...topUp },
    });
    expect(res.statusCode, res.body).toBe(200);
    const changed = changeOrderDateResponseSchema.parse(res.json());
    expect(changed).toMatchObject({ price_difference: 1600, collected: 1600, waived: 0 });
    const payments = await ctx.db.execute<{
      method: string;
      amount: number;
      status: string;
      provider_events: unknown;
    }>(
      sql`SELECT method, amount, status, provider_events FROM payments WHERE order_id = ${changed.order_id}`,
    );
    expect(payments.rows.map((p) => [p.method, Number(p.amount), p.status])).toEqual([
      [topUp.method, 1600, 'confirmed'],
    ]);
    expect((await orderPage(owner, changed.order_id)).time_span_id).toBe(to);
    return { changed, providerEvents: JSON.stringify(payments.rows[0]!.provider_events) };
  }

  it('takes the difference in cash through the counter family and audits who took it', async () => {
    const { mine, to, day } = await dearerMove('cash');
    const options = orderDateOptionsResponseSchema.parse(
      (await owner.get(`/sites/DEMO/orders/${mine.orderId}/date-change?date=${day}`)).json(),
    );
    expect(options.collect_methods).toEqual(expect.arrayContaining(['cash', 'card_terminal']));
    await collect(mine.orderId, to, { method: 'cash' });
    const audit = await ctx.db.execute<{ actor_staff_id: number; after: Record<string, unknown> }>(sql`
      SELECT actor_staff_id, after FROM audit_events
      WHERE object_type = 'order' AND object_id = ${String(mine.orderId)} AND action = 'date_changed_by_staff'`);
    expect(audit.rows.map((row) => Number(row.actor_staff_id))).toEqual([owner.staffId]);
    expect(audit.rows[0]!.after).toMatchObject({ method: 'cash', collected: 1600, waived: 0 });
  });

  it('keeps a card terminal’s approval number with the payment', async () => {
    const { mine, to } = await dearerMove('terminal');
    const approval = `APR${process.pid}`;
    const { providerEvents } = await collect(mine.orderId, to, {
      method: 'card_terminal',
      terminal_approval: approval,
    });
    expect(providerEvents).toContain(approval);
  });
});

describe('a waived top-up is money given away (review finding 12, ADR 078)', () => {
  const waive = (as: ConsoleAs, orderId: number, to: number) =>
    as.post(`/sites/DEMO/orders/${orderId}/date-change`, {
      time_span_id: to,
      top_up: { kind: 'waive', reason: 'The visitor was kept waiting at our gate' },
    });
  const held = async (spanId: number) =>
    Number(
      (await ctx.db.execute<{ held: number }>(sql`SELECT held FROM time_spans WHERE id = ${spanId}`)).rows[0]!
        .held,
    );

  it('asks for the password again before a change of date', async () => {
    const { mine, to } = await dearerMove('reauth');
    const stale = await signedIn(ctx.app, ctx.db, orgA, 'owner', 'all', { reauthenticated: false });
    const res = await waive(stale, mine.orderId, to);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'console reauthentication required' });
    expect(await held(to)).toBe(0);
    expect((await orderPage(owner, mine.orderId)).status).toBe('reserved');
  });

  it('above the organisation’s refund limit, only a role that refunds without a limit may waive', async () => {
    const boxOffice = await signedIn(ctx.app, ctx.db, orgA, 'boxOffice', 'all');
    await ctx.db.execute(sql`UPDATE organisations SET refund_limit_yen = 1599 WHERE id = ${orgA}`);
    try {
      // 1,600 owed, the limit 1,599: the box office (refunds up to the limit) is refused, the hold given back.
      const { mine, to } = await dearerMove('limit');
      const refused = await waive(boxOffice, mine.orderId, to);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: 'console refund needs other approver' });
      expect(await held(to)).toBe(0);
      expect((await orderPage(owner, mine.orderId)).status).toBe('reserved');
      const audited = await ctx.db
        .execute(sql`SELECT 1 FROM audit_events WHERE action = 'date_change_top_up_waived'
                                               AND object_id = ${String(mine.orderId)}`);
      expect(audited.rows).toEqual([]);

      // Up to the limit the box office may waive; above it a role without the limit (the owner) may.
      await ctx.db.execute(sql`UPDATE organisations SET refund_limit_yen = 1600 WHERE id = ${orgA}`);
      const atLimit = await waive(boxOffice, mine.orderId, to);
      expect(atLimit.statusCode, atLimit.body).toBe(200);
      expect(changeOrderDateResponseSchema.parse(atLimit.json())).toMatchObject({ waived: 1600 });
      await ctx.db.execute(sql`UPDATE organisations SET refund_limit_yen = 0 WHERE id = ${orgA}`);
      const other = await dearerMove('limit-owner');
      const byOwner = await waive(owner, other.mine.orderId, other.to);
      expect(byOwner.statusCode, byOwner.body).toBe(200);
      expect(changeOrderDateResponseSchema.parse(byOwner.json())).toMatchObject({ waived: 1600 });
    } finally {
      await ctx.db.execute(sql`UPDATE organisations SET refund_limit_yen = 0 WHERE id = ${orgA}`);
    }
  });

  it('collecting the top-up needs no refund right', async () => {
    const boxOffice = await signedIn(ctx.app, ctx.db, orgA, 'boxOffice', 'all');
    const { mine, to } = await dearerMove('collect-limit');
    const res = await boxOffice.post(`/sites/DEMO/orders/${mine.orderId}/date-change`, {
      time_span_id: to,
      top_up: { kind: 'collect', method: 'cash' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(changeOrderDateResponseSchema.parse(res.json())).toMatchObject({ collected: 1600, waived: 0 });
  });
});

describe('permissions', () => {
  it('the gate role sees no orders; a planner reads but cannot write', async () => {
    const mine = await purchase(await productWithSlot(ctx.db, 20));
    expect((await gate.get(`/sites/DEMO/orders?q=${mine.email}`)).json()).toEqual(notFound);
    expect((await gate.get(`/sites/DEMO/orders/${mine.orderId}`)).json()).toEqual(notFound);
    expect((await planner.get(`/sites/DEMO/orders/${mine.orderId}`)).statusCode).toBe(200);
    expect((await planner.post(`/sites/DEMO/orders/${mine.orderId}/purchase-mail`, {})).json()).toEqual(
      notFound,
    );
    expect(
      (
        await planner.put(`/sites/DEMO/orders/${mine.orderId}/visitor`, {
          phone: '03-0000-0000',
          expected_updated_at: new Date().toISOString(),
        })
      ).json(),
    ).toEqual(notFound);
    expect(
      (
        await planner.post(`/sites/DEMO/orders/${mine.orderId}/date-change`, {
          time_span_id: 1,
          top_up: { kind: 'none' },
        })
      ).json(),
    ).toEqual(notFound);
    // OKINAWA is another organisation's: unknown to this one.
    expect((await owner.get(`/sites/OKINAWA/orders`)).json()).toEqual(notFound);
  });
});
