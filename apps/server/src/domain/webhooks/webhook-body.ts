import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/**
 * The body of a webhook event (issue 30, ADR 087; docs/webhooks.md):
 * `{ id, type, created_at, organisation, site, data }`. `data` carries ids and what a receiver needs to act
 * (a reservation's number, product, slot and ticket counts; a slot's times and capacity; a product's names
 * and status) and no visitor's personal data (no name, address, e-mail, phone or order form answers). It says
 * what was true at the event: migration 0975 builds it in SQL when the transaction that made the event commits
 * (`webhook_event_snapshot`, the same fields as below) and stores it; every try, redelivery and subscription
 * sends that stored body (the same `id`: receivers deduplicate on it). The builder below only serves events
 * made before migration 0975, which have no stored body yet.
 */

type EventRow = {
  id: string;
  public_id: string;
  event_type: string;
  organisation_code: string | null;
  site_code: string | null;
  object_id: string | null;
  action: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  body: Record<string, unknown> | null;
  created_at: Date;
};

type Reader = Db | Tx;
const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);
const numberOf = (value: unknown) => (value === null || value === undefined ? null : Number(value));

async function slotData(db: Reader, id: number | null) {
  if (id === null) return null;
  const { rows } = await db.execute<{
    id: string;
    product_id: string;
    starts_at: Date;
    ends_at: Date;
    capacity: number;
    sold: number;
    on_sale: boolean;
  }>(
    sql`SELECT id, product_id, starts_at, ends_at, capacity, sold, on_sale FROM time_spans WHERE id = ${id}`,
  );
  const slot = rows[0];
  if (!slot) return { id };
  return {
    id: Number(slot.id),
    product_id: Number(slot.product_id),
    starts_at: iso(slot.starts_at),
    ends_at: iso(slot.ends_at),
    capacity: slot.capacity,
    sold: slot.sold,
    on_sale: slot.on_sale,
  };
}

async function productData(db: Reader, id: number) {
  const { rows } = await db.execute<{
    id: string;
    uuid: string;
    names: unknown;
    status: string;
    product_type: string;
  }>(sql`SELECT id, uuid, names, status, product_type FROM products WHERE id = ${id}`);
  const product = rows[0];
  if (!product) return { id };
  return {
    id: Number(product.id),
    uuid: product.uuid,
    names: product.names,
    product_type: product.product_type,
    status: product.status,
  };
}

/** A reservation as receivers get it: number, status, product, slot and tickets by type (counts). */
async function reservationData(db: Reader, where: { reservationId: number } | { orderId: number }) {
  const { rows } = await db.execute<{
    id: string;
    reservation_number: string;
    status: string;
    order_id: string;
    channel: string;
    product_id: string;
    time_span_id: string | null;
  }>(sql`
    SELECT r.id, r.reservation_number, r.status, r.order_id, o.channel, o.product_id, o.time_span_id
    FROM reservations r JOIN orders o ON o.id = r.order_id
    WHERE ${'reservationId' in where ? sql`r.id = ${where.reservationId}` : sql`r.order_id = ${where.orderId}`}
    LIMIT 1`);
  const reservation = rows[0];
  if (!reservation) return null;
  const { rows: tickets } = await db.execute<{
    ticket_type_id: string;
    names: unknown;
    status: string;
    count: number;
  }>(sql`
    SELECT t.option_value_id AS ticket_type_id, v.names, t.status, count(*)::int AS count
    FROM tickets t LEFT JOIN option_values v ON v.id = t.option_value_id
    WHERE t.reservation_id = ${reservation.id}
    GROUP BY t.option_value_id, v.names, t.status ORDER BY t.option_value_id, t.status`);
  return {
    id: Number(reservation.id),
    number: reservation.reservation_number,
    status: reservation.status,
    order_id: Number(reservation.order_id),
    channel: reservation.channel,
    product: await productData(db, Number(reservation.product_id)),
    slot: await slotData(db, numberOf(reservation.time_span_id)),
    tickets: tickets.map((row) => ({
      ticket_type_id: Number(row.ticket_type_id),
      names: row.names,
      status: row.status,
      count: row.count,
    })),
  };
}

async function dataOf(db: Reader, event: EventRow): Promise<Record<string, unknown>> {
  const after = event.after ?? {};
  const before = event.before ?? {};
  const objectId = Number(event.object_id);
  switch (event.event_type) {
    case 'reservation.created':
      return {
        reservation: await reservationData(db, { reservationId: Number(after.reservation_id) }),
        amount: numberOf(after.amount),
      };
    case 'reservation.cancelled':
    case 'reservation.refunded':
      return {
        reservation: await reservationData(db, { orderId: objectId }),
        ticket_ids: after.ticket_ids ?? [],
        whole_reservation: after.order_refunded === true,
        refund:
          event.event_type === 'reservation.refunded'
            ? { id: numberOf(after.refund_id), amount: numberOf(after.amount) }
            : null,
      };
    case 'reservation.date_changed':
      return {
        reservation: await reservationData(db, { reservationId: objectId }),
        previous_slot: await slotData(db, numberOf(before.time_span_id)),
        by: event.action === 'visit_moved' ? 'operator_move' : 'date_change',
      };
    case 'ticket.checked_in': {
      const { rows } = await db.execute<{
        id: string;
        reservation_id: string;
        sequence: number;
        option_value_id: string;
        checked_in_at: Date | null;
      }>(
        sql`SELECT id, reservation_id, sequence, option_value_id, checked_in_at FROM tickets WHERE id = ${objectId}`,
      );
      const ticket = rows[0];
      return {
        ticket: ticket
          ? {
              id: Number(ticket.id),
              sequence: ticket.sequence,
              ticket_type_id: Number(ticket.option_value_id),
              checked_in_at: iso(ticket.checked_in_at) ?? iso(event.created_at),
            }
          : { id: objectId },
        reservation: ticket
          ? await reservationData(db, { reservationId: Number(ticket.reservation_id) })
          : null,
      };
    }
    case 'slot.changed':
      return { slot: await slotData(db, objectId), change: event.action };
    case 'product.changed':
      return { product: await productData(db, objectId), change: event.action };
    default:
      return {};
  }
}

/**
 * The event's body as sent: built and stored at its first delivery, read as stored afterwards (a
 * concurrent first delivery to another subscription keeps whichever was stored first).
 */
export async function eventBody(db: Db, eventId: number): Promise<string> {
  const { rows } = await db.execute<EventRow>(sql`
    SELECT e.id, e.public_id, e.event_type, o.code AS organisation_code, e.site_code, e.object_id, e.created_at,
      e.body, a.action, a.before, a.after
    FROM webhook_events e
    LEFT JOIN organisations o ON o.id = e.organisation_id
    LEFT JOIN audit_events a ON a.id = e.audit_event_id
    WHERE e.id = ${eventId}`);
  const event = rows[0];
  if (!event) throw new Error(`webhook event ${eventId} is gone`);
  if (event.body !== null) return JSON.stringify(event.body);
  const body = {
    id: event.public_id,
    type: event.event_type,
    created_at: iso(event.created_at),
    organisation: event.organisation_code,
    site: event.site_code,
    data: event.event_type === 'ping' ? {} : await dataOf(db, event),
  };
  const { rows: stored } = await db.execute<{ body: Record<string, unknown> }>(sql`
    UPDATE webhook_events SET body = COALESCE(body, ${JSON.stringify(body)}::jsonb) WHERE id = ${eventId}
    RETURNING body`);
  return JSON.stringify(stored[0]!.body);
}
