import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ticketResponseSchema } from '@kippu/contract';
import { createCoupon } from '../../../test/factories.ts';
import { setupTestApp, xsrfHeaders } from '../../../test/helper.ts';
import { productWithSlot, SITE_PATH } from '../../../test/order-support.ts';
import { verifyTicketQr } from '../../domain/tickets/ticket-qr.ts';
import { payWithCard, readyOrder } from '../../../test/checkout-support.ts';

const ctx = setupTestApp();

describe('GET /tickets/{reservationToken}', () => {
  let reserved: { reservation_token: string; reservation_number: string };

  beforeAll(async () => {
    const slot = await productWithSlot(ctx.db, 20);
    const order = await readyOrder(ctx.app, ctx.db, slot, 3);
    reserved = (await payWithCard(ctx.app, order.token)).json();
  });

  const get = (token: string, lang = 'ja') =>
    ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/tickets/${token}?lang=${lang}` });

  it('answers the ticket page in the asked language with one verifiable QR payload per ticket', async () => {
    const res = await get(reserved.reservation_token, 'th');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const page = ticketResponseSchema.parse(res.json());
    expect(page).toMatchObject({
      reservation_number: reserved.reservation_number,
      status: 'reserved',
      lang: 'th',
      product: { name: 'Fixture product (th)', type: 'time', caution: 'No caution (th)' },
      total_price: 9000,
      discount: 0,
      set_products: [],
    });
    expect(page.tickets.map((t) => [t.sequence, t.option_name, t.status])).toEqual([
      [1, 'Ticket 0 (th)', 'valid'],
      [2, 'Ticket 0 (th)', 'valid'],
      [3, 'Ticket 0 (th)', 'valid'],
    ]);
    for (const ticket of page.tickets) {
      expect(verifyTicketQr(ticket.qr, ctx.env.APP_SECRET)?.ticketId).toBe(ticket.id);
    }
    const { rows } = await ctx.db.execute<{ id: number; secret: string }>(
      sql`SELECT id, secret FROM tickets WHERE id = ${page.tickets[0]!.id}`,
    );
    expect(verifyTicketQr(page.tickets[0]!.qr, ctx.env.APP_SECRET)!.secret).toBe(rows[0]!.secret);
  });

  it('a rotated ticket secret changes the code', async () => {
    const before = ticketResponseSchema.parse((await get(reserved.reservation_token)).json()).tickets[0]!;
    await ctx.db.execute(sql`UPDATE tickets SET secret = 'ABCDEFGHIJKLMNOP' WHERE id = ${before.id}`);
    const after = ticketResponseSchema.parse((await get(reserved.reservation_token)).json()).tickets[0]!;
    expect(after.qr).not.toBe(before.qr);
    expect(verifyTicketQr(after.qr, ctx.env.APP_SECRET)).toEqual({
      ticketId: before.id,
      secret: 'ABCDEFGHIJKLMNOP',
    });
  });

  it('an unknown token, or a token of another site: record not found', async () => {
    expect((await get('no-such-reservation')).json()).toEqual({ error: 'record not found' });
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/borderless/api/v1/tickets/${reserved.reservation_token}?lang=en`,
    });
    expect(other.statusCode).toBe(404);
  });

  it('a language outside the six: invalid request', async () => {
    expect((await get(reserved.reservation_token, 'de')).statusCode).toBe(400);
  });
});

describe('GET /gtm/{reservationToken}', () => {
  it('answers spec §9 totals and skus in the visitor’s language, with the discount', async () => {
    const slot = await productWithSlot(ctx.db, 20, { prices: [2000, 800] });
    // An adult and two children, and a fixed coupon.
    const order = await readyOrder(ctx.app, ctx.db, slot, 3, 'gtm@example.jp', {
      option_values: [
        { option_value_id: slot.optionValueIds[0], quantity: 1 },
        { option_value_id: slot.optionValueIds[1], quantity: 2 },
      ],
    });
    await createCoupon(ctx.db, { code: 'GTM-FIXED-500', discountType: 'fixed', discountValue: 500 });
    const applied = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/ordercoupons/${order.token}`,
      headers: xsrfHeaders(),
      payload: { coupon_code: 'GTM-FIXED-500' },
    });
    expect(applied.statusCode).toBe(200);
    const reserved = (await payWithCard(ctx.app, order.token)).json();
    expect(reserved.status).toBe('reserved');
    const { rows: paid } = await ctx.db.execute<{ amount: number }>(
      sql`SELECT amount FROM payments WHERE order_id = ${order.id} AND status = 'confirmed'`,
    );
    expect(Number(paid[0]!.amount)).toBe(3100);

    const res = await ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/gtm/${reserved.reservation_token}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      reservation_number: reserved.reservation_number,
      currency: 'JPY',
      total_price: 3600,
      total_quantity: 3,
      discount: 500,
      items: [
        { sku: `${slot.spanId}-Ticket 0 (en)`, name: 'Ticket 0 (en)', price: 2000, quantity: 1 },
        { sku: `${slot.spanId}-Ticket 1 (en)`, name: 'Ticket 1 (en)', price: 800, quantity: 2 },
      ],
    });
    const unknown = await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/gtm/nope` });
    expect(unknown.json()).toEqual({ error: 'record not found' });
  });
});

describe('GET /reservations (reservation inquiry)', () => {
  let reserved: { reservation_token: string; reservation_number: string };
  beforeAll(async () => {
    const slot = await productWithSlot(ctx.db, 20);
    const order = await readyOrder(ctx.app, ctx.db, slot, 1, 'Inquiry@Example.jp');
    reserved = (await payWithCard(ctx.app, order.token)).json();
  });

  const lookup = (email: string, number: string, ip = '203.0.113.7') =>
    ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/reservations?email=${encodeURIComponent(email)}&reservation_number=${encodeURIComponent(number)}`,
      remoteAddress: ip,
    });

  it('answers the token for the e-mail and number (any letter case, spaces and hyphens ignored)', async () => {
    const res = await lookup('inquiry@example.jp', reserved.reservation_number.toLowerCase(), '203.0.113.1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ reservation_token: reserved.reservation_token });
    const spaced = `${reserved.reservation_number.slice(0, 5)}-${reserved.reservation_number.slice(5)}`;
    expect((await lookup('INQUIRY@example.jp', spaced, '203.0.113.1')).json()).toEqual({
      reservation_token: reserved.reservation_token,
    });
    // A phone's Japanese keyboard types full-width letters and digits (issue 32 item 26).
    const fullWidth = reserved.reservation_number.replace(/[A-Z0-9]/g, (c) =>
      String.fromCharCode(c.charCodeAt(0) + 0xfee0),
    );
    expect((await lookup('inquiry@example.jp', fullWidth, '203.0.113.1')).json()).toEqual({
      reservation_token: reserved.reservation_token,
    });
  });

  it('a wrong address or number: record not found, the same answer for both', async () => {
    expect((await lookup('other@example.jp', reserved.reservation_number, '203.0.113.2')).json()).toEqual({
      error: 'record not found',
    });
    expect((await lookup('inquiry@example.jp', 'AAAAAAAAAA', '203.0.113.2')).json()).toEqual({
      error: 'record not found',
    });
  });

  it('limits guessing per client: the 11th call in a minute answers 429 too many requests', async () => {
    const answers = [];
    for (let i = 0; i < 11; i++)
      answers.push(await lookup(`guess${i}@example.jp`, 'AAAAAAAAAA', '198.51.100.9'));
    expect(answers.slice(0, 10).map((res) => res.statusCode)).toEqual(Array(10).fill(404));
    expect(answers[10]!.statusCode).toBe(429);
    expect(answers[10]!.json()).toEqual({ error: 'too many requests' });
    // Another client is not affected.
    expect(
      (await lookup('inquiry@example.jp', reserved.reservation_number, '198.51.100.10')).statusCode,
    ).toBe(200);
  });

  it('limits guessing per e-mail address across clients: the 11th call in an hour answers 429', async () => {
    const answers = [];
    for (let i = 0; i < 11; i++) {
      answers.push(await lookup('target@example.jp', `AAAAAAAAA${i}`, `192.0.2.${i + 1}`));
    }
    expect(answers.slice(0, 10).map((res) => res.statusCode)).toEqual(Array(10).fill(404));
    expect(answers[10]!.statusCode).toBe(429);
    expect(answers[10]!.json()).toEqual({ error: 'too many requests' });
    expect(Number(answers[10]!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a malformed address: invalid request', async () => {
    expect((await lookup('not-an-address', 'AAAAAAAAAA', '203.0.113.99')).statusCode).toBe(400);
  });
});
