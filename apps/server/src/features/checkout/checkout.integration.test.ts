import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import { xsrfHeaders } from '../../../test/helper.ts';
import { SITE_PATH, orderBody, postOrder, productWithSlot } from '../../../test/order-support.ts';
import { orderById, transitionOrders } from '../../domain/orders/order-state.ts';
import { offerMethod } from '../../../test/stripe-support.ts';
import {
  CARDS,
  cardToken,
  orderStatus,
  payWithCard,
  paymentsOf,
  postCheckout,
  readyOrder,
  stockOf,
  type Slot,
} from '../../../test/checkout-support.ts';

const ctx = setupTestApp();

async function reservationOf(orderId: number) {
  const { rows } = await ctx.db.execute<{
    id: number;
    reservation_token: string;
    reservation_number: string;
    email: string;
    lang: string;
    status: string;
  }>(sql`SELECT id, reservation_token, reservation_number, email, lang, status FROM reservations
         WHERE order_id = ${orderId}`);
  return rows;
}

async function ticketsOf(reservationId: number) {
  const { rows } = await ctx.db.execute<{ sequence: number; status: string; secret: string }>(
    sql`SELECT sequence, status, secret FROM tickets WHERE reservation_id = ${reservationId} ORDER BY sequence`,
  );
  return rows;
}

async function mailsTo(email: string) {
  const { rows } = await ctx.db.execute<{ kind: string; lang: string; payload: Record<string, unknown> }>(
    sql`SELECT kind, lang, payload FROM mail_outbox WHERE to_address = ${email} ORDER BY id`,
  );
  return rows;
}

async function eventsOf(orderId: number) {
  const { rows } = await ctx.db.execute<{ to_status: string; reason: string }>(
    sql`SELECT to_status, reason FROM order_events WHERE order_id = ${orderId} ORDER BY id`,
  );
  return rows.map((row) => `${row.to_status}:${row.reason}`);
}

describe('POST /orders/checkout/{id} with the simulator card (gmo)', () => {
  let slot: Slot;
  beforeAll(async () => {
    slot = await productWithSlot(ctx.db, 50);
  });

  it('reserves: payment confirmed, held stock sold, reservation with one ticket per person, mail queued', async () => {
    const order = await readyOrder(ctx.app, ctx.db, slot, 2, 'buyer@example.jp');
    const res = await payWithCard(ctx.app, order.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'reserved' });
    expect(body.reservation_number).toMatch(/^[ABCDEFGHJKMNPQRSTVWXYZ2-9]{10}$/);
    expect(body.reservation_token).toMatch(/^[A-Za-z0-9_-]{22}$/);

    expect(await orderStatus(ctx.db, order.id)).toBe('reserved');
    // (The first two events, hold and ready_checkout, depend on the site's mail confirmation.)
    expect((await eventsOf(order.id)).slice(2)).toEqual(['paying:checkout', 'reserved:payment_confirmed']);
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 2 });

    const [payment, ...others] = await paymentsOf(ctx.db, order.id);
    expect(others).toEqual([]);
    expect(payment).toMatchObject({
      method: 'gmo',
      amount: 6000,
      status: 'confirmed',
      masked_card_number: '411111******1111',
    });
    expect(payment!.provider_reference).toMatch(/^[0-9a-f]{32}$/);

    const [reservation] = await reservationOf(order.id);
    expect(reservation).toMatchObject({
      reservation_token: body.reservation_token,
      reservation_number: body.reservation_number,
      email: 'buyer@example.jp',
      lang: 'en',
      status: 'reserved',
    });
    const tickets = await ticketsOf(reservation!.id);
    expect(tickets.map((t) => [t.sequence, t.status])).toEqual([
      [1, 'valid'],
      [2, 'valid'],
    ]);
    expect(new Set(tickets.map((t) => t.secret)).size).toBe(2);

    const mails = await mailsTo('buyer@example.jp');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'purchase_confirmation',
      lang: 'en',
      payload: {
        reservationNumber: body.reservation_number,
        productName: 'Fixture product (en)',
        lines: [{ name: 'Ticket 0 (en)', quantity: 2, unitPrice: 3000 }],
        discount: 0,
        total: 6000,
      },
    });
    expect(mails[0]!.payload.ticketUrl).toMatch(
      new RegExp(`/demo/\\?lang=en#/id/${body.reservation_token}$`),
    );
  });

  it('a retry after the purchase answers the same reservation and charges nothing more', async () => {
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    const first = await payWithCard(ctx.app, order.token);
    const again = await payWithCard(ctx.app, order.token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await paymentsOf(ctx.db, order.id)).map((p) => p.status)).toEqual(['confirmed']);
  });

  it('a declined card answers payment_api_failure, keeps the hold, and paying again succeeds', async () => {
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    const before = await stockOf(ctx.db, slot.spanId);
    const declined = await payWithCard(ctx.app, order.token, CARDS.decline);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ error: 'payment_api_failure' });
    expect(await orderStatus(ctx.db, order.id)).toBe('ready_checkout');
    expect(await stockOf(ctx.db, slot.spanId)).toEqual(before);
    expect(await paymentsOf(ctx.db, order.id)).toMatchObject([
      { status: 'failed', failure_code: '42G220000' },
    ]);

    const paid = await payWithCard(ctx.app, order.token);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'reserved' });
    expect((await paymentsOf(ctx.db, order.id)).map((p) => p.status)).toEqual(['failed', 'confirmed']);
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: before.held - 1, sold: before.sold + 1 });
    expect((await eventsOf(order.id)).slice(2)).toEqual([
      'paying:checkout',
      'ready_checkout:payment_failed',
      'paying:checkout',
      'reserved:payment_confirmed',
    ]);
  });

  it('a card method the site has not configured is our fault: 502, not a decline (ADR 100)', async () => {
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    const { rows } = await ctx.db.execute<{ code: string }>(
      sql`SELECT site_code AS code FROM orders WHERE order_token = ${order.token}`,
    );
    const site = rows[0]!.code;
    const settings = sql`settings -> 'payment' -> 'cardProviderKeys' -> 'gmo'`;
    const { rows: kept } = await ctx.db.execute<{ shop: unknown }>(
      sql`SELECT ${settings} AS shop FROM sites WHERE code = ${site}`,
    );
    await ctx.db.execute(
      sql`UPDATE sites SET settings = settings #- '{payment,cardProviderKeys,gmo}' WHERE code = ${site}`,
    );
    try {
      const res = await payWithCard(ctx.app, order.token, CARDS.visa);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ error: 'payment_api_failure' });
      expect(await paymentsOf(ctx.db, order.id)).toMatchObject([
        { status: 'failed', failure_code: 'shop_not_configured' },
      ]);
    } finally {
      await ctx.db.execute(sql`
        UPDATE sites SET settings = jsonb_set(settings, '{payment,cardProviderKeys,gmo}', ${JSON.stringify(kept[0]!.shop)}::jsonb)
        WHERE code = ${site}`);
    }
  });

  it('a spent card token cannot pay twice', async () => {
    const first = await readyOrder(ctx.app, ctx.db, slot, 1);
    const second = await readyOrder(ctx.app, ctx.db, slot, 1);
    const token = await cardToken(ctx.app, CARDS.visa);
    const paid = await postCheckout(ctx.app, first.token, { payment_method_type: 'gmo', token });
    expect(paid.statusCode).toBe(200);
    const reused = await postCheckout(ctx.app, second.token, { payment_method_type: 'gmo', token });
    expect(reused.json()).toEqual({ error: 'payment_api_failure' });
    expect(await paymentsOf(ctx.db, second.id)).toMatchObject([
      { status: 'failed', failure_code: 'E61010002' },
    ]);
  });

  it('a gateway answer lost on the way back is settled by asking the gateway (SearchTrade)', async () => {
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    const res = await payWithCard(ctx.app, order.token, CARDS.timeout);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'reserved' });
    expect(await paymentsOf(ctx.db, order.id)).toMatchObject([{ status: 'confirmed' }]);
  });

  it('without a card token nothing is charged and the visitor may pay again', async () => {
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    const res = await postCheckout(ctx.app, order.token, { payment_method_type: 'gmo' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: 'payment_api_failure' });
    expect(await orderStatus(ctx.db, order.id)).toBe('ready_checkout');
  });
});

describe('checkout refusals', () => {
  let slot: Slot;
  beforeAll(async () => {
    slot = await productWithSlot(ctx.db, 50);
  });

  it('a holding order: order status must be ready_checkout', async () => {
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    await ctx.db.execute(sql`UPDATE orders SET status = 'holding' WHERE id = ${order.id}`);
    const res = await payWithCard(ctx.app, order.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'order status must be ready_checkout' });
    expect(await paymentsOf(ctx.db, order.id)).toEqual([]);
  });

  it('an order whose hold ran out, swept or not: session_timeout', async () => {
    const lapsed = await readyOrder(ctx.app, ctx.db, slot, 1);
    await ctx.db.execute(
      sql`UPDATE orders SET expires_at = now() - interval '1 second' WHERE id = ${lapsed.id}`,
    );
    const res = await payWithCard(ctx.app, lapsed.token);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ error: 'session_timeout' });

    const swept = await readyOrder(ctx.app, ctx.db, slot, 1);
    await transitionOrders(ctx.db, { orders: orderById(swept.id), to: 'expired', reason: 'hold_expired' });
    expect((await payWithCard(ctx.app, swept.token)).json()).toEqual({ error: 'session_timeout' });
    expect(await paymentsOf(ctx.db, lapsed.id)).toEqual([]);
  });

  it('a cancelled or unknown order: record not found', async () => {
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    await transitionOrders(ctx.db, {
      orders: orderById(order.id),
      to: 'cancelled',
      reason: 'cancelled_by_visitor',
    });
    const res = await payWithCard(ctx.app, order.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'record not found' });
    expect((await payWithCard(ctx.app, 'no-such-order')).json()).toEqual({ error: 'record not found' });
  });

  it('a method the site does not offer on the channel: invalid request, order untouched', async () => {
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    const res = await postCheckout(ctx.app, order.token, {
      payment_method_type: 'softbank_credit',
      token: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid request' });
    expect(await orderStatus(ctx.db, order.id)).toBe('ready_checkout');
  });

  it('a malformed body: invalid request', async () => {
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    const res = await postCheckout(ctx.app, order.token, { payment_method_type: 'not a method id!' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid request');
    expect(await orderStatus(ctx.db, order.id)).toBe('ready_checkout');
  });

  it('a method no payment family serves: invalid request before the order is looked at', async () => {
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    const res = await postCheckout(ctx.app, order.token, { payment_method_type: 'cash' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid request' });
    expect(await orderStatus(ctx.db, order.id)).toBe('ready_checkout');
    expect(await paymentsOf(ctx.db, order.id)).toEqual([]);

    // An unknown token: the method is refused first, not `record not found`.
    const unknown = await postCheckout(ctx.app, 'no-such-order', { payment_method_type: 'bogus' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 'invalid request' });

    // An order already reserved: not answered with its reservation again.
    const paid = await readyOrder(ctx.app, ctx.db, slot, 1);
    expect((await payWithCard(ctx.app, paid.token)).statusCode).toBe(200);
    const again = await postCheckout(ctx.app, paid.token, { payment_method_type: 'bogus' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'invalid request' });
  });
});

describe('an offered method whose gateway is not configured', () => {
  // Every method has a provider now; one is missing when its gateway is real and unconfigured: d払い set to
  // the real carrier without its six settings offers nothing (payments/dpay/dpay-gateway.ts). (A real
  // Stripe without keys has its providers and declines per site, ADR 125.)
  const unconfigured = setupTestApp({ DPAY_GATEWAY: 'real' });

  it('d払い without its settings: payment_api_failure, order untouched, no payment row', async () => {
    await offerMethod(unconfigured.db, 'd_pay');
    const slot = await productWithSlot(unconfigured.db, 10);
    const order = await readyOrder(unconfigured.app, unconfigured.db, slot, 1);
    const res = await postCheckout(unconfigured.app, order.token, { payment_method_type: 'd_pay' });
    // Our set-up's fault, not the visitor's: a 5xx (ADR 100).
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'payment_api_failure' });
    expect(await orderStatus(unconfigured.db, order.id)).toBe('ready_checkout');
    expect(await paymentsOf(unconfigured.db, order.id)).toEqual([]);
  });
});

describe('free orders', () => {
  it('a zero total reserves with `free` and no gateway; `free` with a total is refused', async () => {
    const freeSlot = await productWithSlot(ctx.db, 10, { prices: [0, 500] });
    const order = await readyOrder(ctx.app, ctx.db, freeSlot, 2, 'free@example.jp');
    // Nothing to pay settles as free whatever served method is sent, but a method no family serves is refused.
    const bogus = await postCheckout(ctx.app, order.token, { payment_method_type: 'bogus' });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json()).toEqual({ error: 'invalid request' });
    expect(await paymentsOf(ctx.db, order.id)).toEqual([]);
    const res = await postCheckout(ctx.app, order.token, { payment_method_type: 'free' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'reserved' });
    expect(await paymentsOf(ctx.db, order.id)).toMatchObject([
      { method: 'free', amount: 0, status: 'confirmed', provider_reference: null },
    ]);
    expect(await stockOf(ctx.db, freeSlot.spanId)).toEqual({ held: 0, sold: 2 });
    expect(await mailsTo('free@example.jp')).toHaveLength(1);

    const paidSlot = await productWithSlot(ctx.db, 10);
    const paidOrder = await readyOrder(ctx.app, ctx.db, paidSlot, 1);
    const refused = await postCheckout(ctx.app, paidOrder.token, { payment_method_type: 'free' });
    expect(refused.json()).toEqual({ error: 'payment_api_failure' });
    expect(await orderStatus(ctx.db, paidOrder.id)).toBe('ready_checkout');
    expect(await paymentsOf(ctx.db, paidOrder.id)).toMatchObject([
      { method: 'free', status: 'failed', failure_code: 'free_requires_zero_total' },
    ]);
  });

  it('a zero total is settled as free even when a card was picked', async () => {
    const slot = await productWithSlot(ctx.db, 10, { prices: [0] });
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    const res = await postCheckout(ctx.app, order.token, { payment_method_type: 'gmo', token: 'unused' });
    expect(res.json()).toMatchObject({ status: 'reserved' });
    expect(await paymentsOf(ctx.db, order.id)).toMatchObject([
      { method: 'free', amount: 0, status: 'confirmed' },
    ]);
  });
});

describe('the visitor’s whole path over HTTP', () => {
  it('POST /orders → PUT /orders → mail link (POST and GET /ordermails) → card token → checkout', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const held = await postOrder(ctx.app, orderBody(slot, 2));
    const orderToken = held.json().order_token as string;
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${SITE_PATH}/orders/${orderToken}`,
      headers: xsrfHeaders(),
      payload: {
        customer_info: [
          { key: 'fullname', value: 'Taro Yamada' },
          { key: 'email', value: 'journey@example.jp' },
        ],
      },
    });
    // DEMO confirms the address by mail first: until then the order cannot check out.
    expect(put.json().status).toBe('holding');
    expect((await payWithCard(ctx.app, orderToken)).json()).toEqual({
      error: 'order status must be ready_checkout',
    });

    const sent = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/ordermails/${orderToken}`,
      headers: xsrfHeaders(),
      payload: { lang: 'en' },
    });
    expect(sent.statusCode).toBe(201);
    const [confirmation] = await mailsTo('journey@example.jp');
    // The token is in the hash route's query (`/?lang=ja#/mail-confirm?token=...`).
    const mailToken = new URLSearchParams(
      new URL(String(confirmation!.payload.confirmUrl)).hash.split('?')[1],
    ).get('token');
    const followed = await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/ordermails/${mailToken}` });
    expect(followed.json()).toEqual({ order_token: orderToken });

    const paid = await payWithCard(ctx.app, orderToken);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'reserved' });
    expect((await mailsTo('journey@example.jp')).map((mail) => mail.kind)).toEqual([
      'mail_confirmation',
      'purchase_confirmation',
    ]);
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 2 });
  });
});
