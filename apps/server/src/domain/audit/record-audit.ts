import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SystemActorLabel, VisitorActorLabel } from '@kippu/contract/console/audit-actors';
import type { AuditAction, AuditObjectType } from '@kippu/contract/console/audit-schemas';
import type {
  OrderTimelineAuditAction,
  OrderTimelineObjectType,
} from '@kippu/contract/console/order-timeline-codes';
import type { OrderTimelineAuditDetailKey } from '@kippu/contract/console/order-timeline-details';
import type { Db, Tx } from '../../db/client.ts';
import { redactForAudit, storable } from './audit-redaction.ts';

export type { AuditAction, AuditObjectType };

interface AuditActorIds {
  staffId?: number;
  deviceId?: number;
  tokenId?: number;
  clientAddress?: string | null;
  userAgent?: string | null;
}

/**
 * Who caused a change (issue 27): a staff member, a gate device, the system (a job), a visitor, or a call
 * made with an API token (issue 30: `tokenId`, the token's row). `label` is shown when no id says who it was.
 * The labels the server writes itself are the contract's (audit-actors.ts), which the console words: a job's
 * is a code of SYSTEM_ACTOR_LABELS, a visitor's names what they held (`order 12`), so a new one fails the
 * type check until it joins that list. A device's, a token's or a staff member's label is their name, as
 * typed.
 */
export type AuditActor =
  | (AuditActorIds & { kind: 'system'; label?: SystemActorLabel })
  | (AuditActorIds & { kind: 'visitor'; label?: VisitorActorLabel })
  | (AuditActorIds & { kind: 'staff' | 'device' | 'token'; label?: string });

export interface AuditEventInput {
  actor: AuditActor;
  /** Resolved from siteCode when absent. */
  organisationId?: number | null;
  siteCode?: string | null;
  /**
   * A code of the contract's AUDIT_OBJECT_TYPES: the console words each in six languages, so a new kind of
   * object joins that list (and gets its words) before it is recorded.
   */
  objectType: AuditObjectType;
  objectId: string;
  /** A code of AUDIT_ACTIONS, for the same reason (on a purchase's objects, see AuditActionOn). */
  action: AuditAction;
  before?: unknown;
  after?: unknown;
  /** The contract schema of before/after, when there is one: its secret-marked fields are dropped too. */
  schema?: z.core.$ZodType;
  /**
   * Whose personal data before/after may hold, for an erasure request (audit_erase_personal_data);
   * default `${objectType}:${objectId}` (an order's events are erased with the order's subject 'order:<id>').
   */
  personalSubject?: string;
}

/**
 * The actions an object of this type may be recorded with: on a purchase's objects (order, reservation,
 * ticket, payment, refund) only ORDER_TIMELINE_AUDIT_ACTIONS, which the order page's timeline words one by
 * one, so a new action there fails the type check until it joins that list too. Distributive: a caller whose
 * object type is not one literal (a variable of the union) is held to AUDIT_ACTIONS alone; auditHead keeps its
 * object type literal.
 */
export type AuditActionOn<O extends AuditObjectType> = O extends OrderTimelineObjectType
  ? OrderTimelineAuditAction
  : AuditAction;

/**
 * What `after` may hold on an object of this type: on a purchase's objects only the keys of
 * ORDER_TIMELINE_AUDIT_DETAIL_KEYS, which the order page's timeline shows as the event's detail and labels
 * one by one, so a new key there fails the type check until it joins that list (and gets its words).
 */
type AuditAfterOn<O extends AuditObjectType> = O extends OrderTimelineObjectType
  ? { [K in OrderTimelineAuditDetailKey]?: unknown }
  : unknown;

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
const text = (value: string | null | undefined) =>
  value === undefined || value === null ? null : storable(value);

/**
 * Appends one audit event IN THE CALLER'S TRANSACTION (ADR 065): it exists exactly when the change it records
 * commits. Secrets never reach the row (redactForAudit); visitors' personal data goes to `personal_data`, apart,
 * so an erasure can null it. The table refuses updates and deletes (migration 0820).
 */
export async function recordAudit<O extends AuditObjectType>(
  tx: Tx | Db,
  event: AuditEventInput & { objectType: O; action: AuditActionOn<O>; after?: AuditAfterOn<O> },
): Promise<void> {
  const before = event.before === undefined ? undefined : redactForAudit(event.before, event.schema);
  const after = event.after === undefined ? undefined : redactForAudit(event.after, event.schema);
  const hasPersonal =
    Object.keys(before?.personal ?? {}).length > 0 || Object.keys(after?.personal ?? {}).length > 0;
  const personal = hasPersonal ? { before: before?.personal ?? {}, after: after?.personal ?? {} } : undefined;
  // The organisation is the site's when the caller names none; a site code that names no site leaves it null
  // rather than failing the change the event records.
  await tx.execute(sql`
    INSERT INTO audit_events (actor_kind, actor_staff_id, actor_device_id, actor_token_id, actor_label,
      organisation_id, site_code, object_type, object_id, action, before, after, personal_data,
      personal_subject, client_address, user_agent)
    VALUES (${event.actor.kind}, ${event.actor.staffId ?? null}, ${event.actor.deviceId ?? null},
      ${event.actor.tokenId ?? null}, ${text(event.actor.label)},
      COALESCE(${event.organisationId ?? null}::bigint,
               (SELECT organisation_id FROM sites WHERE code = ${text(event.siteCode)})),
      ${text(event.siteCode)}, ${text(event.objectType)},
      ${text(event.objectId)}, ${text(event.action)}, ${json(before?.value)}::jsonb, ${json(after?.value)}::jsonb,
      ${json(personal)}::jsonb,
      ${hasPersonal ? text(event.personalSubject ?? `${event.objectType}:${event.objectId}`) : null},
      ${text(event.actor.clientAddress)}, ${text(event.actor.userAgent)})`);
}
