import { sql } from 'drizzle-orm';
import type { AuditEvent } from '@kippu/contract/console/audit-schemas';
import type { Db } from '../../db/client.ts';
import { AUDIT_EVENT_COLUMNS, toAuditEvent, type AuditEventRow } from './audit-event-row.ts';
import { visibleTo, type AuditScope } from './audit-scope.ts';

/** A move of an order's status (order_events, ADR 011). */
export type OrderStatusEvent = {
  id: number;
  at: string;
  from_status: string | null;
  to_status: string;
  reason: string;
};

export type HistoryEntry =
  { source: 'audit'; event: AuditEvent } | { source: 'order_status'; event: OrderStatusEvent };

/** Enough for any one object's life; an object with more shows its latest. */
const HISTORY_LIMIT = 1000;

/**
 * One object's history, oldest first. An order's also holds its payments' events and its `order_events`
 * (the order's own timeline stays that table's, console design), merged by time; the order's statuses are
 * read here in this read model's JOIN only, under the same scope as its events. Undefined when `scope` sees
 * nothing of it: of another organisation, an uncovered site, or unknown alike.
 */
export async function objectHistory(
  db: Db,
  scope: AuditScope,
  objectType: string,
  objectId: string,
): Promise<HistoryEntry[] | undefined> {
  const orderId = objectType === 'order' && /^[1-9]\d{0,15}$/.test(objectId) ? objectId : null;
  const { rows } = await db.execute<AuditEventRow>(sql`
    SELECT * FROM (
      SELECT ${AUDIT_EVENT_COLUMNS} FROM audit_events e
      WHERE ${visibleTo(scope)}
        AND ((e.object_type = ${objectType} AND e.object_id = ${objectId})
             OR (${orderId}::text IS NOT NULL AND e.object_type = 'payment' AND e.after->>'order_id' = ${orderId}))
      ORDER BY e.id DESC LIMIT ${HISTORY_LIMIT}) latest
    ORDER BY id`);
  const entries: HistoryEntry[] = rows.map((row) => ({ source: 'audit', event: toAuditEvent(row) }));
  if (orderId !== null) {
    const statuses = await db.execute<OrderStatusEvent>(sql`
      SELECT oe.id, to_char(oe.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at,
             oe.from_status, oe.to_status, oe.reason
      FROM order_events oe
      JOIN orders o ON o.id = oe.order_id
      JOIN sites s ON s.code = o.site_code
      WHERE o.id = ${orderId}::bigint AND s.organisation_id = ${scope.organisationId}
        AND o.site_code = ANY(${sql.param([...scope.siteCodes])}::text[])
      ORDER BY oe.id DESC LIMIT ${HISTORY_LIMIT}`);
    for (const event of statuses.rows.reverse())
      entries.push({ source: 'order_status', event: { ...event, id: Number(event.id) } });
  }
  if (entries.length === 0) return undefined;
  // Same instant: the status move first, as the change it records is what the audit event describes.
  return entries.sort(
    (a, b) =>
      a.event.at.localeCompare(b.event.at) ||
      (a.source === b.source ? a.event.id - b.event.id : a.source === 'order_status' ? -1 : 1),
  );
}
