import { sql } from 'drizzle-orm';
import type { OrderStatus, TICKET_CHECK_MODES } from '@kippu/contract/enums';
import type { OrderTimelineEntry, OrderTimelineSource } from '@kippu/contract/console/orders-schemas';
import type {
  OrderTimelineCode,
  OrderTimelineObjectType,
} from '@kippu/contract/console/order-timeline-codes';
import type {
  ORDER_TIMELINE_MAIL_STATUSES,
  OrderTimelineDetailKey,
  OrderTransitionReason,
} from '@kippu/contract/console/order-timeline-details';
import type { AuditEvent } from '@kippu/contract/console/audit-schemas';
import type { Db } from '../../db/client.ts';
import type { Row } from '../../db/generated/rows.ts';
import type { MailKind, MailPayloads } from '../mail/mail-kinds.ts';
import { AUDIT_EVENT_COLUMNS, toAuditEvent, type AuditEventRow } from '../audit/audit-event-row.ts';
import type { OrderPurchase } from './order-purchase.ts';

/** Enough for any one purchase's life; a purchase with more shows its latest of each source. */
const PER_SOURCE = 500;

type Detail = OrderTimelineEntry['detail'];
type Primitive = Detail[string];

const iso = (value: string | Date) => new Date(value).toISOString();

/** The mails whose payload may name a reservation: what `payload ? 'reservationNumber'` below finds. */
type ReservationMailKind = {
  [K in MailKind]: 'reservationNumber' extends keyof MailPayloads[K] ? K : never;
}[MailKind];

/** An audit event's `after` (already redacted: secrets and personal data replaced) as a flat detail. */
function auditDetail(event: AuditEvent): Detail {
  const detail: Detail = { object_type: event.object_type, object_id: event.object_id };
  if (event.after && typeof event.after === 'object' && !Array.isArray(event.after)) {
    for (const [key, value] of Object.entries(event.after as Record<string, unknown>)) {
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
        detail[key] = value as Primitive;
    }
  }
  return detail;
}

/**
 * One timeline of a purchase (ADR 078), newest first: its orders' status moves (`order_events`), payments,
 * the mails about its reservation, its tickets' check-ins, its refunds, and the audit events of its orders,
 * reservation, tickets, payments and refunds. Each source keeps its own table; they are merged here by time
 * (the same instant: the audit event after the move it explains, as the audit log's history does).
 */
export async function orderTimeline(
  db: Db,
  purchase: OrderPurchase,
  reservationNumber: string | null,
): Promise<OrderTimelineEntry[]> {
  const orderIds = sql.param(purchase.orderIds);
  const site = purchase.siteCode;
  const reservationId = purchase.reservationId;
  const entries: OrderTimelineEntry[] = [];
  // `what` is typed by the contract's list for its source (ORDER_TIMELINE_CODES), and each query's row by its
  // column's type, so a status, result or mail kind the console has no words for fails tsc here. `detail`
  // takes exactly its source's keys (ORDER_TIMELINE_DETAIL_KEYS), and a value of a closed list `satisfies` it,
  // so a key or a code the console has no words for fails here too.
  const push = <S extends Exclude<OrderTimelineSource, 'audit'>>(
    at: string | Date,
    source: S,
    id: number,
    what: OrderTimelineCode<S>,
    detail: { [K in OrderTimelineDetailKey<S>]: Primitive },
  ) => entries.push({ at: iso(at), source, id: Number(id), what, actor: null, detail });

  const statuses = await db.execute<{
    id: number;
    order_id: number;
    /** Text columns, but their only writers (order-state.ts, hold-statements.ts) write an OrderStatus... */
    from_status: OrderStatus | null;
    to_status: OrderStatus;
    /** ...and a TransitionReason (or the hold's `hold`). */
    reason: OrderTransitionReason;
    created_at: string;
  }>(sql`
    SELECT id, order_id, from_status, to_status, reason, created_at FROM order_events
    WHERE order_id = ANY(${orderIds}::bigint[]) ORDER BY id DESC LIMIT ${PER_SOURCE}`);
  for (const row of statuses.rows) {
    push(row.created_at, 'status', row.id, row.to_status, {
      order_id: Number(row.order_id),
      from_status: row.from_status satisfies OrderStatus | null,
      reason: row.reason satisfies OrderTransitionReason,
    });
  }

  const payments = await db.execute<{
    id: number;
    order_id: number;
    method: string;
    amount: number;
    status: Row<'payments'>['status'];
    created_at: string;
  }>(sql`
    SELECT id, order_id, method, amount, status, created_at FROM payments
    WHERE order_id = ANY(${orderIds}::bigint[]) ORDER BY id DESC LIMIT ${PER_SOURCE}`);
  for (const row of payments.rows) {
    push(row.created_at, 'payment', row.id, row.status, {
      order_id: Number(row.order_id),
      method: row.method,
      amount: Number(row.amount),
    });
  }

  if (reservationNumber !== null) {
    const mails = await db.execute<{
      id: number;
      kind: ReservationMailKind;
      status: Row<'mail_outbox'>['status'];
      created_at: string;
    }>(sql`
      SELECT id, kind, status, created_at FROM mail_outbox
      WHERE site_code = ${site} AND payload ? 'reservationNumber' AND payload ->> 'reservationNumber' = ${reservationNumber}
      ORDER BY id DESC LIMIT ${PER_SOURCE}`);
    for (const row of mails.rows) {
      push(row.created_at, 'mail', row.id, row.kind, {
        status: row.status satisfies (typeof ORDER_TIMELINE_MAIL_STATUSES)[number],
      });
    }
  }

  let ticketIds: number[] = [];
  let refundIds: number[] = [];
  if (reservationId !== null) {
    const tickets = await db.execute<{ id: number }>(sql`
      SELECT tk.id FROM tickets tk JOIN reservations r ON r.id = tk.reservation_id
      WHERE r.id = ${reservationId} OR r.parent_reservation_id = ${reservationId}`);
    ticketIds = tickets.rows.map((row) => Number(row.id));
    const checkIns = await db.execute<{
      id: number;
      ticket_id: number;
      result: Row<'check_ins'>['result'];
      method: Row<'check_ins'>['method'];
      created_at: string;
    }>(sql`
      SELECT id, ticket_id, result, method, created_at FROM check_ins
      WHERE ticket_id = ANY(${sql.param(ticketIds)}::bigint[]) ORDER BY id DESC LIMIT ${PER_SOURCE}`);
    for (const row of checkIns.rows) {
      push(row.created_at, 'check_in', row.id, row.result, {
        ticket_id: Number(row.ticket_id),
        method: row.method satisfies (typeof TICKET_CHECK_MODES)[number],
      });
    }
    const refunds = await db.execute<{
      id: number;
      amount: number;
      status: Row<'refunds'>['status'];
      reason: string;
      created_at: string;
    }>(sql`
      SELECT id, amount, status, reason, created_at FROM refunds
      WHERE reservation_id = ${reservationId} ORDER BY id DESC LIMIT ${PER_SOURCE}`);
    refundIds = refunds.rows.map((row) => Number(row.id));
    for (const row of refunds.rows) {
      push(row.created_at, 'refund', row.id, row.status, { amount: Number(row.amount), reason: row.reason });
    }
  }

  // How audit rows name a purchase's objects: 'order' (orders.id), 'reservation' (reservations.id),
  // 'ticket' (tickets.id), 'payment' (payments.id), 'refund' (refunds.id): ORDER_TIMELINE_OBJECT_TYPES, whose
  // actions recordAudit holds to ORDER_TIMELINE_AUDIT_ACTIONS (older rows may name others: shown as codes).
  const named = (type: OrderTimelineObjectType, ids: (number | null)[]) => {
    const texts = ids.filter((id) => id !== null).map(String);
    return texts.length
      ? [sql`(e.object_type = ${type} AND e.object_id = ANY(${sql.param(texts)}::text[]))`]
      : [];
  };
  const objects = [
    ...named('order', purchase.orderIds),
    ...named('reservation', [reservationId]),
    ...named('ticket', ticketIds),
    ...named(
      'payment',
      payments.rows.map((row) => Number(row.id)),
    ),
    ...named('refund', refundIds),
  ];
  const audits = await db.execute<AuditEventRow>(sql`
    SELECT ${AUDIT_EVENT_COLUMNS} FROM audit_events e
    WHERE e.site_code = ${site} AND (${sql.join(objects, sql` OR `)})
    ORDER BY e.id DESC LIMIT ${PER_SOURCE}`);
  for (const row of audits.rows) {
    const event = toAuditEvent(row);
    entries.push({
      at: iso(event.at),
      source: 'audit',
      id: event.id,
      what: event.action,
      actor: event.actor,
      detail: auditDetail(event),
    });
  }

  // Newest first; at one instant the audit event comes before (above) the move it explains, then by id.
  const rank = (entry: OrderTimelineEntry) => (entry.source === 'audit' ? 1 : 0);
  return entries.sort((a, b) => b.at.localeCompare(a.at) || rank(b) - rank(a) || b.id - a.id);
}
