import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkInAnswerSchema, ticketResponseSchema } from '@kippu/contract';
import { createGateKey } from '../src/domain/check-ins/gate-keys.ts';
import { createProduct, createTimeSpan } from './factories.ts';
import { setupTestApp, xsrfHeaders } from './helper.ts';
import { payWithCard, readyOrder } from './checkout-support.ts';
import { productWithSlot, SITE_PATH } from './order-support.ts';
import { moveSlotToNow } from './entry-window-support.ts';

/** The audit log of visitors' own changes (issue 27, ADR 065): written with the change, or not at all. */
const ctx = setupTestApp();

interface AuditRow {
  actor_kind: string;
  actor_device_id: number | null;
  object_type: string;
  object_id: string;
  action: string;
  site_code: string | null;
  after: Record<string, unknown> | null;
}

async function audited(where: ReturnType<typeof sql>): Promise<AuditRow[]> {
  const { rows } = await ctx.db.execute<AuditRow & Record<string, unknown>>(sql`
    SELECT actor_kind, actor_device_id, object_type, object_id, action, site_code, after
    FROM audit_events WHERE ${where} ORDER BY id`);
  return rows.map((row) => ({
    ...row,
    actor_device_id: row.actor_device_id === null ? null : Number(row.actor_device_id),
  }));
}

async function paymentIdsOf(orderId: number): Promise<string[]> {
  const { rows } = await ctx.db.execute<{ id: number }>(
    sql`SELECT id FROM payments WHERE order_id = ${orderId}`,
  );
  return rows.map((row) => String(row.id));
}

describe('a visitor purchase', () => {
  it('writes the payment and the order paid in the settling transaction', async () => {
    const slot = await productWithSlot(ctx.db, 50);
    const order = await readyOrder(ctx.app, ctx.db, slot, 2);
    const paid = await payWithCard(ctx.app, order.token);
    expect(paid.statusCode).toBe(200);
    const [paymentId] = await paymentIdsOf(order.id);

    const orderEvents = await audited(sql`object_type = 'order' AND object_id = ${String(order.id)}`);
    expect(orderEvents).toEqual([
      expect.objectContaining({ actor_kind: 'visitor', action: 'paid', site_code: 'DEMO' }),
    ]);
    expect(orderEvents[0]!.after).toMatchObject({ payment_id: Number(paymentId) });
    const paymentEvents = await audited(sql`object_type = 'payment' AND object_id = ${paymentId!}`);
    expect(paymentEvents.map((event) => [event.action, event.after?.status])).toEqual([
      ['payment_confirmed', 'confirmed'],
    ]);
    // Secrets of the journey (the order token, the card token) never reach the log.
    const { rows } = await ctx.db.execute<{ text: string }>(
      sql`SELECT coalesce(string_agg(before::text || after::text, ' '), '') AS text FROM audit_events`,
    );
    expect(rows[0]!.text).not.toContain(order.token);
  });

  it('a purchase whose settling transaction rolls back leaves no audit event', async () => {
    const slot = await productWithSlot(ctx.db, 50);
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    // The confirmation mail is queued last in the settling transaction: refusing it rolls the whole settle back.
    await ctx.db.execute(sql`
      CREATE FUNCTION refuse_mail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'mail refused by the test'; END $$`);
    await ctx.db.execute(
      sql`CREATE TRIGGER refuse_mail BEFORE INSERT ON mail_outbox FOR EACH ROW EXECUTE FUNCTION refuse_mail()`,
    );
    try {
      await payWithCard(ctx.app, order.token);
    } finally {
      await ctx.db.execute(sql`DROP TRIGGER refuse_mail ON mail_outbox`);
      await ctx.db.execute(sql`DROP FUNCTION refuse_mail()`);
    }
    const { rows } = await ctx.db.execute<{ status: string }>(
      sql`SELECT status FROM orders WHERE id = ${order.id}`,
    );
    expect(rows[0]!.status).not.toBe('reserved');
    expect(await audited(sql`object_type = 'order' AND object_id = ${String(order.id)}`)).toEqual([]);
    const paymentIds = await paymentIdsOf(order.id);
    expect(paymentIds.length).toBeGreaterThan(0);
    const confirmed = await audited(
      sql`object_type = 'payment' AND object_id = ANY(${sql.param(paymentIds)}::text[]) AND action = 'payment_confirmed'`,
    );
    expect(confirmed).toEqual([]);
  });
});

describe('a hold the visitor cancels', () => {
  it('is audited once with its status before and after; a second cancel changes nothing and writes nothing', async () => {
    const slot = await productWithSlot(ctx.db, 50);
    const order = await readyOrder(ctx.app, ctx.db, slot, 2);
    const cancel = () =>
      ctx.app.inject({ method: 'DELETE', url: `${SITE_PATH}/orders/${order.token}`, headers: xsrfHeaders() });
    expect((await cancel()).statusCode).toBe(200);
    await cancel();
    const { rows } = await ctx.db.execute<{ before: unknown; after: unknown; actor_kind: string }>(sql`
      SELECT before, after, actor_kind FROM audit_events
      WHERE object_type = 'order' AND object_id = ${String(order.id)} AND action = 'cancelled'`);
    expect(rows).toEqual([
      {
        actor_kind: 'visitor',
        before: { status: 'ready_checkout' },
        after: { status: 'cancelled', time_span_id: slot.spanId, quantity: 2 },
      },
    ]);
  });
});

describe('a change of date', () => {
  it('is audited on the reservation with the old and the new order and slot', async () => {
    const product = await createProduct(ctx.db, { site: 'DEMO', prices: [3000] });
    await ctx.db.execute(sql`
      UPDATE products SET date_changeable = true, date_change_until_minutes = 60, date_change_group = 'audit'
      WHERE id = ${product.id}`);
    const day = 24 * 3600 * 1000;
    const from = await createTimeSpan(ctx.db, {
      productId: product.id,
      capacity: 20,
      startsAt: new Date(Date.now() + 2 * day),
    });
    const to = await createTimeSpan(ctx.db, {
      productId: product.id,
      capacity: 20,
      startsAt: new Date(Date.now() + 9 * day),
    });
    const order = await readyOrder(ctx.app, ctx.db, { ...product, spanId: from }, 1);
    const paid = await payWithCard(ctx.app, order.token);
    const token = paid.json<{ reservation_token: string }>().reservation_token;
    const started = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/timechanges/${token}`,
      headers: xsrfHeaders(),
      payload: { time_span_id: to, lang: 'en' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const change = started.json<{ timechange_token: string }>().timechange_token;
    const done = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/timechanges/${token}/${change}/checkout`,
      headers: xsrfHeaders(),
      payload: { payment_method_type: 'free' },
    });
    expect(done.statusCode, done.body).toBe(200);

    const { rows } = await ctx.db.execute<{
      object_id: string;
      before: unknown;
      after: Record<string, unknown>;
    }>(sql`
      SELECT object_id, before, after FROM audit_events
      WHERE object_type = 'reservation' AND action = 'date_changed' AND before->>'order_id' = ${String(order.id)}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.before).toMatchObject({ order_id: order.id, time_span_id: from });
    expect(rows[0]!.after).toMatchObject({ time_span_id: to });
    expect(rows[0]!.after.order_id).not.toBe(order.id);
    expect(JSON.stringify(rows)).not.toContain(change);
  });
});

describe('a check-in', () => {
  it('is audited once, with the gate device as the actor; a refused second scan writes nothing', async () => {
    const gate = await createGateKey(ctx.db, 'DEMO', 'Audit gate');
    const slot = await productWithSlot(ctx.db, 50);
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    const paid = await payWithCard(ctx.app, order.token);
    await moveSlotToNow(ctx.db, slot.spanId); // inside the entry window (ADR 111)
    const token = paid.json<{ reservation_token: string }>().reservation_token;
    const page = ticketResponseSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/tickets/${token}?lang=en` })).json(),
    );
    const ticket = page.tickets[0]!;
    const scan = (nonce: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `${SITE_PATH}/gate/check-ins`,
        headers: { ...xsrfHeaders(), 'x-gate-key': gate.key },
        payload: { code: ticket.qr, mode: 'gate', nonce, lang: 'en' },
      });
    expect(checkInAnswerSchema.parse((await scan('audit-nonce-1-xxxxxxxxxxxx')).json()).result).toBe(
      'success',
    );
    expect(checkInAnswerSchema.parse((await scan('audit-nonce-2-xxxxxxxxxxxx')).json()).result).toBe('used');

    const events = await audited(sql`object_type = 'ticket' AND object_id = ${String(ticket.id)}`);
    expect(events).toEqual([
      expect.objectContaining({
        actor_kind: 'device',
        actor_device_id: gate.id,
        action: 'checked_in',
        site_code: 'DEMO',
      }),
    ]);
    expect(events[0]!.after).toMatchObject({ gate_id: gate.id, method: 'read_qr', admitted: 1 });
    expect(JSON.stringify(events)).not.toContain(ticket.qr);
  });
});
