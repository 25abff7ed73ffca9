import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client.ts';
import { setupTestApp } from '../../../test/helper.ts';
import { productWithSlot } from '../../../test/order-support.ts';
import { PARTNER_TOKEN_PERMISSIONS } from '@kippu/contract/console/api-tokens-schemas';
import { ROLE_TEMPLATES } from '@kippu/contract';
import { createTestStaff } from '../../../test/console-sign-in.ts';
import { createApiToken } from '../../domain/api-tokens/create-api-token.ts';
import { releaseDueAllotments } from '../../domain/partners/allotments.ts';
import { sweepExpiredHolds } from '../../domain/order-expiry/sweep-expired-holds.ts';
import { openAllotmentFor, takeFromAllotment } from '../../domain/partners/allotments-booking.ts';
import { cancelTickets } from '../../domain/refunds/cancel-tickets.ts';
import { createOrder } from '../../domain/stock/create-order.ts';
import { changeSlotCapacity } from '../../domain/stock/slot-capacity.ts';

/**
 * The partner API (issue 30, acceptance 3, ADR 089/090): bookings from an allotment with an idempotency key,
 * refusals (beyond the allotment, a reused key), cancellation, another partner's token, concurrency on an
 * allotment, the cut-off job with two runners, and the capacity change counting allotments.
 */
const ctx = setupTestApp();
const day = 86_400_000;

let slot: Awaited<ReturnType<typeof productWithSlot>>;
let partnerId: number;
let token: string;
let otherToken: string;

async function partner(name: string): Promise<{ id: number; token: string }> {
  const { rows } = await ctx.db.$client.query(
    `INSERT INTO partners (organisation_id, name, mails_customers)
     SELECT organisation_id, $1, false FROM sites WHERE code = 'DEMO' RETURNING id`,
    [name],
  );
  const id = Number(rows[0].id);
  await ctx.db.$client.query(
    `INSERT INTO partner_net_prices (partner_id, ticket_type_id, net_price_yen) VALUES ($1, $2, 1700)`,
    [id, slot.optionValueIds[0]],
  );
  // Exactly as the console makes a partner's token: the console's create function, the default partner
  // scope the tokens screen pre-fills (catalogue read, orders write), by an owner of the organisation.
  const { rows: org } = await ctx.db.$client.query(
    `SELECT o.code, o.id FROM sites s JOIN organisations o ON o.id = s.organisation_id WHERE s.code = 'DEMO'`,
  );
  const owner = await createTestStaff(ctx.db, { organisation: org[0].code, template: 'owner' });
  const made = await createApiToken(
    ctx.db,
    {
      staffId: owner.staffId,
      organisationId: Number(org[0].id),
      permissions: ROLE_TEMPLATES.owner.permissions,
      limits: {},
      siteCodes: ['DEMO'],
    },
    { kind: 'staff', staffId: owner.staffId },
    {
      name: `${name} token`,
      partner_id: id,
      permissions: PARTNER_TOKEN_PERMISSIONS,
      site_codes: ['DEMO'],
      expires_in_days: 30,
    },
  );
  return { id, token: made.token };
}

async function allot(
  partner: number,
  spanId: number,
  quantity: number,
  releaseAt = new Date(Date.now() + day),
) {
  const { rows } = await ctx.db.$client.query(
    `INSERT INTO allotments (site_code, partner_id, time_span_id, quantity, release_at)
     VALUES ('DEMO', $1, $2, $3, $4) RETURNING id`,
    [partner, spanId, quantity, releaseAt],
  );
  await ctx.db.$client.query('UPDATE time_spans SET allotted = allotted + $2 WHERE id = $1', [
    spanId,
    quantity,
  ]);
  return Number(rows[0].id);
}

async function stock(spanId: number) {
  const { rows } = await ctx.db.$client.query(
    'SELECT capacity, held, sold, allotted FROM time_spans WHERE id = $1',
    [spanId],
  );
  return rows[0] as { capacity: number; held: number; sold: number; allotted: number };
}

function book(bearer: string, key: string, body: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/partner/api/v1/bookings',
    headers: { authorization: `Bearer ${bearer}`, 'idempotency-key': key },
    payload: body,
  });
}

function bookingBody(spanId: number, quantity: number, name = 'Aiko Tanaka') {
  return {
    product_id: slot.id,
    slot_id: spanId,
    lang: 'en',
    lines: [{ ticket_type_id: slot.optionValueIds[0], quantity }],
    customer: { name },
  };
}

beforeAll(async () => {
  slot = await productWithSlot(
    ctx.db,
    40,
    { channels: ['web', 'OTA'] },
    { startsAt: new Date(Date.now() + 5 * day) },
  );
  ({ id: partnerId, token } = await partner('Sakura Travel'));
  ({ token: otherToken } = await partner('Other Travel'));
});

describe('partner API', () => {
  it('is described in /openapi.json with its schemas and the bearer scheme', async () => {
    const doc = (await ctx.app.inject({ url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { security?: unknown; requestBody?: unknown }>>;
      components: { securitySchemes: Record<string, unknown> };
    }>();
    expect(doc.components.securitySchemes.apiToken).toEqual({ type: 'http', scheme: 'bearer' });
    const booking = doc.paths['/partner/api/v1/bookings']?.post;
    expect(booking?.security).toEqual([{ apiToken: [] }]);
    expect(booking?.requestBody).toBeDefined();
    expect(doc.paths['/partner/api/v1/bookings/{number}/tickets']?.get).toBeDefined();
    // Every call of the partner API is listed, none hidden.
    expect(
      Object.keys(doc.paths)
        .filter((path) => path.startsWith('/partner/'))
        .sort(),
    ).toEqual([
      '/partner/api/v1/availability',
      '/partner/api/v1/bookings',
      '/partner/api/v1/bookings/{number}',
      '/partner/api/v1/bookings/{number}/cancellation',
      '/partner/api/v1/bookings/{number}/tickets',
      '/partner/api/v1/products',
    ]);
  });

  it('serves its own page of docs at /partner/docs, linking /openapi.json', async () => {
    const page = await ctx.app.inject({ url: '/partner/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<a href="/openapi.json">');
    for (const call of ['GET /products', 'POST /bookings', 'POST /bookings/:number/cancellation']) {
      expect(page.body).toContain(`<code>${call}</code>`);
    }
  });

  it('answers 401 without a valid token', async () => {
    const answer = await ctx.app.inject({
      url: '/partner/api/v1/products',
      headers: { authorization: 'Bearer kpt_abcdefgh_nothing' },
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ error: 'api token invalid' });
  });

  it('lists the products with the partner’s net prices', async () => {
    const answer = await ctx.app.inject({
      url: '/partner/api/v1/products',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.statusCode).toBe(200);
    const product = answer.json().products.find((p: { id: number }) => p.id === slot.id);
    expect(product.ticket_types).toEqual([
      expect.objectContaining({ id: slot.optionValueIds[0], net_price: 1700 }),
    ]);
  });

  it('books from the allotment once per key, refuses beyond it and a reused key, cancels back to it', async () => {
    await allot(partnerId, slot.spanId, 4);
    const first = await book(token, 'key-1', bookingBody(slot.spanId, 3));
    expect(first.statusCode, first.body).toBe(200);
    const booking = first.json().booking;
    expect(booking).toMatchObject({ status: 'confirmed', source: 'allotment', amount: 5100 });
    const again = await book(token, 'key-1', bookingBody(slot.spanId, 3));
    expect(again.statusCode).toBe(200);
    expect(again.json().booking.number).toBe(booking.number);
    const { rows } = await ctx.db.$client.query(
      `SELECT count(*)::int AS n FROM orders WHERE partner_id = $1 AND channel = 'OTA' AND status = 'reserved'`,
      [partnerId],
    );
    expect(rows[0].n).toBe(1);
    expect(await stock(slot.spanId)).toMatchObject({ sold: 3, allotted: 1, held: 0 });

    const beyond = await book(token, 'key-2', bookingBody(slot.spanId, 2));
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json()).toMatchObject({ error: 'out of stock' });
    const reused = await book(token, 'key-1', bookingBody(slot.spanId, 1));
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ error: 'idempotency key reused' });
    const noKey = await ctx.app.inject({
      method: 'POST',
      url: '/partner/api/v1/bookings',
      headers: { authorization: `Bearer ${token}` },
      payload: bookingBody(slot.spanId, 1),
    });
    expect(noKey.statusCode).toBe(400);

    const tickets = await ctx.app.inject({
      url: `/partner/api/v1/bookings/${booking.number}/tickets`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(tickets.statusCode).toBe(200);
    expect(tickets.json().tickets).toHaveLength(3);
    expect(tickets.json().tickets[0].qr).not.toBe('');

    const foreign = await ctx.app.inject({
      url: `/partner/api/v1/bookings/${booking.number}`,
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(foreign.statusCode).toBe(404);
    const foreignCancel = await ctx.app.inject({
      method: 'POST',
      url: `/partner/api/v1/bookings/${booking.number}/cancellation`,
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(foreignCancel.statusCode).toBe(404);

    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/partner/api/v1/bookings/${booking.number}/cancellation`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().booking.status).toBe('cancelled');
    expect(await stock(slot.spanId)).toMatchObject({ sold: 0, allotted: 4, held: 0 });
    const { rows: allotments } = await ctx.db.$client.query(
      'SELECT quantity, sold FROM allotments WHERE partner_id = $1 AND time_span_id = $2',
      [partnerId, slot.spanId],
    );
    expect(allotments[0]).toEqual({ quantity: 4, sold: 0 });
  });

  it('refuses a slot of another product as an unknown slot, even on the partner’s allotment (404)', async () => {
    // Another product of the organisation whose slot carries this partner's allotment: posting the booked
    // product with that slot must not book the other product's seats at this product's prices.
    const other = await productWithSlot(
      ctx.db,
      10,
      { channels: ['web', 'OTA'] },
      { startsAt: new Date(Date.now() + 9 * day) },
    );
    await allot(partnerId, other.spanId, 3);
    const mismatched = await book(token, 'mismatch-1', bookingBody(other.spanId, 1));
    expect(mismatched.statusCode, mismatched.body).toBe(404);
    expect(mismatched.json()).toEqual({ error: 'record not found' });
    expect(await stock(other.spanId)).toMatchObject({ held: 0, sold: 0, allotted: 3 });
    const { rows } = await ctx.db.$client.query(
      `SELECT sold FROM allotments WHERE partner_id = $1 AND time_span_id = $2`,
      [partnerId, other.spanId],
    );
    expect(rows[0].sold).toBe(0);
  });

  it('answers two concurrent requests with one key with the same booking, never a 5xx', async () => {
    const spanId = (await productWithSlot(ctx.db, 30, {}, { startsAt: new Date(Date.now() + 10 * day) }))
      .spanId;
    await ctx.db.$client.query('UPDATE time_spans SET product_id = $2 WHERE id = $1', [spanId, slot.id]);
    await allot(partnerId, spanId, 20);
    // Several pairs, so the race between the two of a pair (one pays while the other joins) happens.
    const pairs = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        const body = bookingBody(spanId, 2, `Pair ${i}`);
        return Promise.all([book(token, `pair-${i}`, body), book(token, `pair-${i}`, body)]);
      }),
    );
    for (const [first, second] of pairs) {
      expect(first!.statusCode, first!.body).toBe(200);
      expect(second!.statusCode, second!.body).toBe(200);
      expect(second!.json().booking).toEqual(first!.json().booking);
    }
    expect(await stock(spanId)).toMatchObject({ sold: 10, held: 0, allotted: 10 });
  });

  it('gives a staff refund’s seats back to the allotment, not to general sale', async () => {
    const spanId = (await productWithSlot(ctx.db, 20, {}, { startsAt: new Date(Date.now() + 11 * day) }))
      .spanId;
    await ctx.db.$client.query('UPDATE time_spans SET product_id = $2 WHERE id = $1', [spanId, slot.id]);
    const allotmentId = await allot(partnerId, spanId, 5);
    const made = await book(token, 'staff-refund-1', bookingBody(spanId, 2));
    expect(made.statusCode, made.body).toBe(200);
    expect(await stock(spanId)).toMatchObject({ sold: 2, allotted: 3 });
    const { rows } = await ctx.db.$client.query(
      `SELECT o.id FROM orders o JOIN reservations r ON r.order_id = o.id WHERE r.reservation_number = $1`,
      [made.json().booking.number],
    );
    // The console's refunds screen: staff cancel every ticket of the booking with its money.
    await cancelTickets(
      ctx.db,
      { payments: ctx.app.payments, env: ctx.app.env },
      {
        site: 'DEMO',
        orderId: Number(rows[0].id),
        ticketIds: 'all',
        money: 'refund',
        reason: 'customer_request',
        idempotencyKey: 'staff-refund-of-partner-booking',
        actor: { kind: 'system', label: 'refunds' },
        approval: { limitYen: null },
      },
    );
    expect(await stock(spanId)).toMatchObject({ sold: 0, allotted: 5, held: 0 });
    const { rows: allotment } = await ctx.db.$client.query(
      'SELECT quantity, sold FROM allotments WHERE id = $1',
      [allotmentId],
    );
    expect(allotment[0]).toEqual({ quantity: 5, sold: 0 });
  });

  it('gives an expired unpaid hold’s seats back to the allotment and lets its key book again', async () => {
    const spanId = (await productWithSlot(ctx.db, 20, {}, { startsAt: new Date(Date.now() + 12 * day) }))
      .spanId;
    await ctx.db.$client.query('UPDATE time_spans SET product_id = $2 WHERE id = $1', [spanId, slot.id]);
    const allotmentId = await allot(partnerId, spanId, 4);
    // The state a crash between the booking's hold and its payment leaves: a held order from the allotment
    // and the key's row, never paid.
    const client = await ctx.db.$client.connect();
    const session = drizzle(client);
    await session.transaction(async (sessionTx) => {
      const tx = sessionTx as unknown as Tx;
      const allotment = await openAllotmentFor(tx, partnerId, spanId);
      const held = await takeFromAllotment(tx, client, allotment!.id, {
        siteCode: 'DEMO',
        channel: 'OTA',
        lang: 'en',
        productId: slot.id,
        timeSpanId: spanId,
        quantity: 2,
        price: 3400,
        holdMinutes: 10,
        lines: [{ optionValueId: slot.optionValueIds[0]!, quantity: 2, unitPrice: 1700 }],
        setProducts: [],
        clientKey: null,
        addressKey: null,
        caps: {
          openOrdersPerClient: null,
          ticketsPerClientSlot: null,
          openOrdersPerAddress: null,
          ticketsPerAddressSlot: null,
        },
      });
      await tx.execute(sql`
        INSERT INTO partner_bookings (partner_id, idempotency_key, request_hash, order_id, allotment_id, customer_name)
        SELECT ${partnerId}, 'crashed-1', 'x', id, ${allotmentId}, 'Aiko Tanaka'
        FROM orders WHERE order_token = ${held.orderToken}`);
    });
    client.release();
    expect(await stock(spanId)).toMatchObject({ held: 2, allotted: 2 });
    await ctx.db.$client.query(
      `UPDATE orders SET expires_at = now() - interval '1 minute'
       WHERE id IN (SELECT order_id FROM partner_bookings WHERE idempotency_key = 'crashed-1')`,
    );
    await sweepExpiredHolds(ctx.db);
    expect(await stock(spanId)).toMatchObject({ held: 0, sold: 0, allotted: 4 });
    const { rows } = await ctx.db.$client.query('SELECT sold FROM allotments WHERE id = $1', [allotmentId]);
    expect(rows[0].sold).toBe(0);
    const retry = await book(token, 'crashed-1', bookingBody(spanId, 2));
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await stock(spanId)).toMatchObject({ sold: 2, allotted: 2 });
  });

  it('sells exactly an allotment of 10 to 20 concurrent bookings, never oversold', async () => {
    const spanId = (await productWithSlot(ctx.db, 12, {}, { startsAt: new Date(Date.now() + 6 * day) }))
      .spanId;
    // The same product's ticket types: a second slot of it.
    await ctx.db.$client.query('UPDATE time_spans SET product_id = $2 WHERE id = $1', [spanId, slot.id]);
    await allot(partnerId, spanId, 10);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => book(token, `burst-${i}`, bookingBody(spanId, 1, `Guest ${i}`))),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(10);
    expect(codes.filter((code) => code === 409)).toHaveLength(10);
    expect(await stock(spanId)).toMatchObject({ sold: 10, allotted: 0, held: 0 });
  });

  it('releases unsold allotments at the cut-off exactly once with two runners', async () => {
    const spanId = (await productWithSlot(ctx.db, 20, {}, { startsAt: new Date(Date.now() + 7 * day) }))
      .spanId;
    const id = await allot(partnerId, spanId, 8, new Date(Date.now() - 1000));
    await ctx.db.$client.query('UPDATE allotments SET sold = 3 WHERE id = $1', [id]);
    await ctx.db.$client.query(
      'UPDATE time_spans SET allotted = allotted - 3, sold = sold + 3 WHERE id = $1',
      [spanId],
    );
    await Promise.all([releaseDueAllotments(ctx.db), releaseDueAllotments(ctx.db)]);
    await releaseDueAllotments(ctx.db);
    expect(await stock(spanId)).toMatchObject({ sold: 3, allotted: 0 });
    const { rows } = await ctx.db.$client.query(
      `SELECT count(*)::int AS n FROM audit_events WHERE object_type = 'allotment' AND object_id = $1 AND action = 'release'`,
      [String(id)],
    );
    expect(rows[0].n).toBe(1);
  });

  it('counts allotments in a capacity reduction and in what visitors can hold', async () => {
    const fixture = await productWithSlot(ctx.db, 10, {}, { startsAt: new Date(Date.now() + 8 * day) });
    await allot(partnerId, fixture.spanId, 6);
    const refused = await ctx.db.transaction((tx) =>
      changeSlotCapacity(tx, [{ slotId: fixture.spanId, capacity: 5 }]),
    );
    expect(refused).toMatchObject({ ok: false, belowTaken: [{ allotted: 6, shortBy: 1 }] });
    // The web's hold (THE stock function): 4 seats are free for visitors, 5 are not.
    const visitor = { code: 'DEMO', channel: 'web' as const, clientKey: null };
    const body = (quantity: number) => ({
      lang: 'en' as const,
      product_uuid: fixture.uuid,
      time_span_id: fixture.spanId,
      quantity,
      option_values: [{ option_value_id: fixture.optionValueIds[0]!, quantity }],
      set_products: [],
    });
    await expect(createOrder(ctx.app.orderDeps, visitor, body(5))).rejects.toMatchObject({
      code: 'out_of_stock',
    });
    await expect(createOrder(ctx.app.orderDeps, visitor, body(4))).resolves.toBeDefined();
    expect(await stock(fixture.spanId)).toMatchObject({ held: 4, allotted: 6 });
  });
});
