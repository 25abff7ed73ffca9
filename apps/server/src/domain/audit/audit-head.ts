import type { z } from 'zod';
import type { AuditActionOn, AuditActor, AuditEventInput, AuditObjectType } from './record-audit.ts';

/** An audit event without its before and after: who did what to which object, and the schema that redacts. */
export type AuditHead = Omit<AuditEventInput, 'before' | 'after'>;

/**
 * The heads of one kind of object's events: a site's object of `objectType` whose before/after follow
 * `schema` (so its secret-marked fields are dropped). A use case builds it once, then each write adds
 * before and/or after and records it, e.g. `recordAudit(tx, { ...audited(actor, site, id, 'create'), after })`.
 * Generic in the object type, so recordAudit still holds a purchase's objects to the order timeline's actions.
 */
export function auditHead<O extends AuditObjectType>(
  objectType: O,
  schema: z.core.$ZodType,
): (
  actor: AuditActor,
  site: string,
  id: number | string,
  action: AuditActionOn<O>,
) => Omit<AuditHead, 'objectType' | 'action'> & { objectType: O; action: AuditActionOn<O> } {
  return (actor, site, id, action) => ({
    actor,
    siteCode: site,
    objectType,
    objectId: String(id),
    action,
    schema,
  });
}
