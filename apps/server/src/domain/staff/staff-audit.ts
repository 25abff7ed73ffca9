import type { Db, Tx } from '../../db/client.ts';
import { recordAudit, type AuditAction, type AuditActor } from '../audit/record-audit.ts';
import type { StaffClient } from './staff-types.ts';

export type { AuditActor };

/** The actor of something a staff member did themselves (sign-in, own password, own second factor). */
export function selfActor(staffId: number | undefined, client: StaffClient): AuditActor {
  return staffId === undefined
    ? {
        kind: 'visitor',
        label: 'console sign-in',
        clientAddress: client.address,
        userAgent: client.userAgent,
      }
    : { kind: 'staff', staffId, clientAddress: client.address, userAgent: client.userAgent };
}

/** An audit event about a staff member, in the caller's transaction (issue 27). */
export function auditStaff(
  tx: Tx | Db,
  event: {
    actor: AuditActor;
    organisationId: number | null;
    objectType?: 'staff' | 'staff_role' | 'staff_invitation';
    objectId: number | string;
    action: AuditAction;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  return recordAudit(tx, {
    actor: event.actor,
    organisationId: event.organisationId,
    objectType: event.objectType ?? 'staff',
    objectId: String(event.objectId),
    action: event.action,
    before: event.before,
    after: event.after,
  });
}
