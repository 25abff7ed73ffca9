import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  consoleOrderResponseSchema,
  erasePersonalDataResponseSchema,
  orderSearchResponseSchema,
} from '@kippu/contract/console/orders-schemas';
import { ERASED_ADDRESS, enqueueMail } from '../../../domain/mail/enqueue-mail.ts';
import { setupTestApp } from '../../../../test/helper.ts';
import { payWithCard, readyOrder } from '../../../../test/checkout-support.ts';
import { productWithSlot, SITE_PATH } from '../../../../test/order-support.ts';
import { signedIn, twoOrganisations, type ConsoleAs } from '../operations/operations-test-support.ts';

/**
 * Staff erase a visitor's personal data from a purchase (ADR 122) on a real paid purchase: what goes, what
 * stays (the tickets admit, the payment stays), the audit log's personal data, the refusals and the rights.
 */

const ctx = setupTestApp();
let owner: ConsoleAs;
let planner: ConsoleAs;
let orgA: number;
let seq = 0;

beforeAll(async () => {
  const orgs = await twoOrganisations(ctx.db, 'erasure');
  orgA = orgs.a;
  owner = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', 'all');
  planner = await signedIn(ctx.app, ctx.db, orgs.a, 'planner', 'all');
});

const erase = (as: ConsoleAs, orderId: number) =>
  as.post(`/sites/DEMO/orders/${orderId}/personal-data-erasure`, {});

/** A paid DEMO purchase with the visitor's name, address and phone on its form. */
async function paidPurchase() {
  seq += 1;
  const email = `erase-${process.pid}x${seq}@example.jp`;
  const slot = await productWithSlot(ctx.db, 20);
  const order = await readyOrder(ctx.app, ctx.db, slot, 1, email);
  const info = [
    { key: 'fullname', value: `Hanako Erasable${seq}` },
    { key: 'email', value: email },
    { key: 'phone', value: '090-1111-2222' },
  ];
  await ctx.db.execute(
    sql`UPDATE orders SET customer_info = ${JSON.stringify(info)}::jsonb WHERE id = ${order.id}`,
  );
  const paid = await payWithCard(ctx.app, order.token);
  expect(paid.statusCode).toBe(200);
  const { reservation_token: reservationToken, reservation_number: reservationNumber } = paid.json<{
    reservation_token: string;
    reservation_number: string;
  }>();
  const { rows } = await ctx.db.execute<{ id: number }>(
    sql`SELECT id FROM reservations WHERE reservation_token = ${reservationToken}`,
  );
  return {
    slot,
    orderId: order.id,
    reservationId: Number(rows[0]!.id),
    reservationToken,
    reservationNumber,
    email,
  };
}

/** The mails about the reservation, as the worker would have left them: sent. */
const markMailsSent = (reservationNumber: string) =>
  ctx.db.execute(sql`UPDATE mail_outbox SET status = 'sent', sent_at = now()
                     WHERE payload ->> 'reservationNumber' = ${reservationNumber}`);

describe('erasing a visitor’s personal data from a purchase', () => {
  it('erases the form, the addresses, the shares, the subscription and the audit log’s data; the tickets still admit', async () => {
    const mine = await paidPurchase();
    const friend = `friend-${mine.email}`;
    // A change of date the visitor began and let expire: its order holds a copy of the form (ADR 029).
    const abandoned = await readyOrder(ctx.app, ctx.db, mine.slot, 1, mine.email);
    await ctx.db.execute(sql`UPDATE orders SET status = 'expired' WHERE id = ${abandoned.id}`);
    await ctx.db.execute(sql`
      INSERT INTO time_changes (timechange_token, site_code, reservation_id, from_order_id, order_id,
                                from_time_span_id, to_time_span_id, old_price, new_price, status, expires_at)
      SELECT ${`tc-${mine.email}`}, 'DEMO', ${mine.reservationId}, o.id, ${abandoned.id}, o.time_span_id,
             o.time_span_id, 0, 0, 'expired', now()
      FROM orders o WHERE o.id = ${mine.orderId}`);
    // The holder sent the tickets to a friend through a view-only link (ADR 102).
    const viewToken = `view-${mine.reservationId}-${process.pid}`;
    await ctx.db.execute(
      sql`INSERT INTO ticket_view_links (token, reservation_id) VALUES (${viewToken}, ${mine.reservationId})`,
    );
    await ctx.db.execute(sql`
      INSERT INTO mail_outbox (site_code, kind, to_address, lang, payload, status)
      VALUES ('DEMO', 'ticket_link', ${friend}, 'en',
              ${JSON.stringify({ ticketUrl: `http://localhost/demo/#/tickets/${viewToken}` })}::jsonb, 'sent')`);
    await ctx.db.execute(sql`INSERT INTO share_recipients (reservation_id, email, lang)
                             VALUES (${mine.reservationId}, ${friend}, 'en')`);
    await ctx.db
      .execute(sql`INSERT INTO mail_magazine_subscriptions (site_code, email, token, mail_magazine, reservation_id)
                             VALUES ('DEMO', ${mine.email}, ${`unsub-${mine.email}`}, true, ${mine.reservationId})`);
    // An edit of the visitor's details puts their data in the audit log (erasable, ADR 065).
    const before = consoleOrderResponseSchema.parse(
      (await owner.get(`/sites/DEMO/orders/${mine.orderId}`)).json(),
    );
    expect(before.order.personal_data_erased_at).toBeNull();
    const edited = await owner.put(`/sites/DEMO/orders/${mine.orderId}/visitor`, {
      phone: '03-5555-6666',
      expected_updated_at: before.order.updated_at,
    });
    expect(edited.statusCode, edited.body).toBe(200);

    // The purchase mail is still queued: erasing now would leave it to be sent to the address.
    const queued = await erase(owner, mine.orderId);
    expect(queued.statusCode).toBe(409);
    expect(queued.json()).toEqual({ error: 'console erasure in progress' });
    await markMailsSent(mine.reservationNumber);

    const res = await erase(owner, mine.orderId);
    expect(res.statusCode, res.body).toBe(200);
    const { erasure } = erasePersonalDataResponseSchema.parse(res.json());
    expect(erasure).toMatchObject({ orders: 2, reservations: 1 });
    expect(erasure.mails).toBeGreaterThanOrEqual(1);

    const order = (
      await ctx.db.execute<{ customer_info: unknown; client_key: string | null; address_key: string | null }>(
        sql`SELECT customer_info, client_key, address_key FROM orders WHERE id = ${mine.orderId}`,
      )
    ).rows[0]!;
    expect(order).toEqual({ customer_info: [], client_key: null, address_key: null });
    const left = await ctx.db.execute<{ n: number }>(sql`
      SELECT (SELECT count(*) FROM reservations WHERE id = ${mine.reservationId} AND email <> '')
           + (SELECT count(*) FROM share_recipients WHERE reservation_id = ${mine.reservationId})
           + (SELECT count(*) FROM mail_magazine_subscriptions WHERE reservation_id = ${mine.reservationId})
           + (SELECT count(*) FROM mail_tokens WHERE order_id = ${mine.orderId} AND email <> '')
           + (SELECT count(*) FROM mail_outbox WHERE to_address IN (${mine.email}, ${friend}))
           + (SELECT count(*) FROM orders WHERE id = ${abandoned.id} AND customer_info <> '[]'::jsonb)
           + (SELECT count(*) FROM audit_events WHERE personal_subject = ${`order:${mine.orderId}`}
                AND personal_data IS NOT NULL) AS n`);
    expect(Number(left.rows[0]!.n)).toBe(0);
    // The purchase's and the edit's events stay, their personal data gone; the erasure's own names no one.
    const events = await ctx.db.execute<{ action: string; actor_staff_id: number; after: unknown }>(sql`
      SELECT action, actor_staff_id, after FROM audit_events
      WHERE object_type = 'order' AND object_id = ${String(mine.orderId)} ORDER BY id`);
    expect(events.rows.map((row) => row.action)).toEqual([
      'paid',
      'visitor_details_changed',
      'personal_data_erased',
    ]);
    expect(Number(events.rows[2]!.actor_staff_id)).toBe(owner.staffId);
    expect(JSON.stringify(events.rows)).not.toContain(mine.email);
    expect(JSON.stringify(events.rows)).not.toContain('5555');

    // The desk shows when; the search by address finds nothing; the payment and the tickets stay.
    const page = consoleOrderResponseSchema.parse(
      (await owner.get(`/sites/DEMO/orders/${mine.orderId}`)).json(),
    );
    expect(page.order.personal_data_erased_at).toBe(erasure.erased_at);
    expect(page.order.visitor).toEqual({ fullname: null, email: null, phone: null });
    expect(page.order.payments.map((payment) => payment.status)).toEqual(['confirmed']);
    const found = orderSearchResponseSchema.parse(
      (await owner.get(`/sites/DEMO/orders?${new URLSearchParams({ q: mine.email })}`)).json(),
    );
    expect(found.orders).toEqual([]);
    const ticket = await ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/tickets/${mine.reservationToken}?lang=en`,
    });
    expect(ticket.statusCode).toBe(200);

    // Again (a race may have written since): the same purchase cleared again, no mail left to erase, the first
    // erasure's time kept. No mail can go to the visitor any more.
    const again = erasePersonalDataResponseSchema.parse((await erase(owner, mine.orderId)).json());
    expect(again.erasure).toEqual({ erased_at: erasure.erased_at, orders: 2, reservations: 1, mails: 0 });
    const resend = await owner.post(`/sites/DEMO/orders/${mine.orderId}/purchase-mail`, {});
    expect(resend.json()).toEqual({ error: 'invalid email address' });
    // Nor does the desk write the visitor's details back.
    const rewrite = await owner.put(`/sites/DEMO/orders/${mine.orderId}/visitor`, {
      email: mine.email,
      expected_updated_at: page.order.updated_at,
    });
    expect(rewrite.statusCode).toBe(400);
    expect(await ctx.db.execute(sql`SELECT 1 FROM reservations WHERE email = ${mine.email}`)).toMatchObject({
      rows: [],
    });
    // A mail another path queues to the erased address (a slot moved, a refund) is recorded, never sent.
    const id = await ctx.db.transaction((tx) =>
      enqueueMail(tx, {
        siteCode: 'DEMO',
        kind: 'ticket_link',
        to: ERASED_ADDRESS,
        lang: 'en',
        payload: {
          siteName: 'DEMO',
          productName: 'Erased',
          productType: 'time',
          startsAt: erasure.erased_at,
          endsAt: erasure.erased_at,
          ticketUrl: 'http://localhost/',
        },
      }),
    );
    const queuedLater = await ctx.db.execute<{ status: string }>(
      sql`SELECT status FROM mail_outbox WHERE id = ${id}`,
    );
    expect(queuedLater.rows[0]).toEqual({ status: 'failed' });
  });

  it('refuses while the order is held, and leaves it as it was', async () => {
    const slot = await productWithSlot(ctx.db, 20);
    const held = await readyOrder(ctx.app, ctx.db, slot, 1, `held-${process.pid}@example.jp`);
    const res = await erase(owner, held.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'console erasure in progress' });
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT jsonb_array_length(customer_info) AS n FROM orders WHERE id = ${held.id}`,
    );
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
  });

  it('asks for the password again, and is the orders’ writers’ alone, on their sites', async () => {
    const mine = await paidPurchase();
    await markMailsSent(mine.reservationNumber);
    const stale = await signedIn(ctx.app, ctx.db, orgA, 'owner', 'all', { reauthenticated: false });
    const refused = await erase(stale, mine.orderId);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'console reauthentication required' });
    expect((await erase(planner, mine.orderId)).json()).toEqual({ error: 'record not found' });
    expect(
      (await owner.post(`/sites/OKINAWA/orders/${mine.orderId}/personal-data-erasure`, {})).json(),
    ).toEqual({
      error: 'record not found',
    });
    const { rows } = await ctx.db.execute<{ erased: boolean }>(
      sql`SELECT personal_data_erased_at IS NOT NULL AS erased FROM orders WHERE id = ${mine.orderId}`,
    );
    expect(rows[0]!.erased).toBe(false);
  });
});
