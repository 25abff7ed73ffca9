import { sql } from 'drizzle-orm';
import type { AuditEvent } from '@kippu/contract/console/audit-schemas';

/**
 * The columns of an event as the console shows it (alias `e`): an actor without a label of its own is named by
 * its gate key's label, the staff member's name as they are now, or an API token's name and public prefix.
 */
export const AUDIT_EVENT_COLUMNS = sql`e.id,
  to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at,
  e.actor_kind, e.actor_staff_id, e.actor_device_id,
  COALESCE(e.actor_label, (SELECT g.label FROM gate_keys g WHERE g.id = e.actor_device_id),
           (SELECT st.name FROM staff st WHERE st.id = e.actor_staff_id),
           (SELECT t.name || ' (kpt_' || t.prefix || ')' FROM api_tokens t WHERE t.id = e.actor_token_id))
    AS actor_label,
  e.site_code, e.object_type, e.object_id, e.action, e.before, e.after, e.personal_data,
  e.personal_subject, e.client_address, e.user_agent`;

export type AuditEventRow = {
  id: number;
  at: string;
  actor_kind: AuditEvent['actor']['kind'];
  actor_staff_id: number | null;
  actor_device_id: number | null;
  actor_label: string | null;
  site_code: string | null;
  object_type: string;
  object_id: string;
  action: string;
  before: unknown;
  after: unknown;
  personal_data: { before: Record<string, unknown>; after: Record<string, unknown> } | null;
  personal_subject: string | null;
  client_address: string | null;
  user_agent: string | null;
};

const idOrNull = (value: number | null) => (value === null ? null : Number(value));

export function toAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: Number(row.id),
    at: row.at,
    actor: {
      kind: row.actor_kind,
      staff_id: idOrNull(row.actor_staff_id),
      device_id: idOrNull(row.actor_device_id),
      label: row.actor_label,
    },
    site_code: row.site_code,
    object_type: row.object_type,
    object_id: row.object_id,
    action: row.action,
    before: row.before,
    after: row.after,
    personal: row.personal_data,
    // A subject is written only with personal data: a subject without it was erased.
    personal_erased: row.personal_subject !== null && row.personal_data === null,
    client_address: row.client_address,
    user_agent: row.user_agent,
  };
}
