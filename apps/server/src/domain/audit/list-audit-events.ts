import { sql, type SQL } from 'drizzle-orm';
import type { AuditEvent, AuditEventsQuery } from '@kippu/contract/console/audit-schemas';
import type { Db } from '../../db/client.ts';
import { AUDIT_EVENT_COLUMNS, toAuditEvent, type AuditEventRow } from './audit-event-row.ts';
import { visibleTo, type AuditScope } from './audit-scope.ts';

const DEFAULT_PAGE = 50;

/**
 * The organisation's log (issue 27): newest first in the order it was written, filtered, a page at a time
 * after `cursor` (the last id of the page before). Only what `scope` may see.
 */
export async function listAuditEvents(
  db: Db,
  scope: AuditScope,
  query: AuditEventsQuery,
): Promise<{ events: AuditEvent[]; next_cursor: string | null }> {
  const limit = query.limit ?? DEFAULT_PAGE;
  const where: SQL[] = [visibleTo(scope)];
  if (query.actor_kind) where.push(sql`e.actor_kind = ${query.actor_kind}`);
  if (query.staff !== undefined) where.push(sql`e.actor_staff_id = ${query.staff}`);
  if (query.device !== undefined) where.push(sql`e.actor_device_id = ${query.device}`);
  if (query.object_type) where.push(sql`e.object_type = ${query.object_type}`);
  if (query.object_id) where.push(sql`e.object_id = ${query.object_id}`);
  if (query.action) where.push(sql`e.action = ${query.action}`);
  if (query.site) where.push(sql`e.site_code = ${query.site}`);
  if (query.from) where.push(sql`e.at >= ${query.from}::timestamptz`);
  if (query.to) where.push(sql`e.at < ${query.to}::timestamptz`);
  if (query.cursor) where.push(sql`e.id < ${query.cursor}::bigint`);
  const { rows } = await db.execute<AuditEventRow>(sql`
    SELECT ${AUDIT_EVENT_COLUMNS} FROM audit_events e
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY e.id DESC
    LIMIT ${limit + 1}`);
  const page = rows.slice(0, limit).map(toAuditEvent);
  return { events: page, next_cursor: rows.length > limit ? String(page[page.length - 1]!.id) : null };
}
