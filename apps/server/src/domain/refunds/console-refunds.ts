import { sql } from 'drizzle-orm';
import type { SiteCode } from '@kippu/contract';
import type { RefundPreviewResponse, RefundSummaryAnswer } from '@kippu/contract/console/refunds-schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import { cancelTickets } from './cancel-tickets.ts';
import { refundPosition } from './refund-position.ts';
import type { RefundDeps, RefundSummary } from './refund-types.ts';

/** The console's staff member as refunds see them: their organisation and whether their role is limited. */
export interface RefundStaff {
  actor: AuditActor;
  organisationId: number;
  /** The role may not approve another's refund (ROLE_TEMPLATES.boxOffice); its own refunds meet the limit as all. */
  limited: boolean;
}

/**
 * The limit every staff refund is measured against (review finding 5, ADR 076 "After review"): the
 * organisation's refund_limit_yen, whatever the role. Separation of duties holds for finance, administrators
 * and owners too; `limited` only decides who may approve.
 */
async function approvalLimit(db: Pick<Db, 'execute'>, staff: RefundStaff): Promise<number> {
  const { rows } = await db.execute<{ limit: number }>(
    sql`SELECT refund_limit_yen AS limit FROM organisations WHERE id = ${staff.organisationId}`,
  );
  return rows[0]?.limit ?? 0;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The refund preview of an order of the site: each ticket's money, what was paid and given back, its refunds. */
export async function refundPreview(
  db: Db,
  site: SiteCode,
  orderId: number,
  staff: RefundStaff,
): Promise<RefundPreviewResponse> {
  const { rows: orders } = await db.execute<{ status: RefundPreviewResponse['order_status'] }>(
    sql`SELECT status FROM orders WHERE id = ${orderId} AND site_code = ${site}`,
  );
  const position = orders[0] && (await refundPosition(db, orderId));
  if (!orders[0] || !position) throw new AppError('record_not_found');
  const { rows: refunds } = await db.execute<{
    id: string;
    status: RefundPreviewResponse['refunds'][number]['status'];
    amount: string;
    ticket_ids: string[];
    reason: string;
    requested_by_label: string;
    created_at: Date | string;
    completed_at: Date | string | null;
    note_number: string | null;
    failure_code: string | null;
    manual_recorded_at: Date | string | null;
    manual_note: string | null;
  }>(sql`
    SELECT f.id, f.status, f.amount, f.reason, f.requested_by_label, f.created_at, f.completed_at,
           f.failure_code, f.manual_recorded_at, f.manual_note,
           ARRAY(SELECT rt.ticket_id FROM refund_tickets rt WHERE rt.refund_id = f.id ORDER BY rt.ticket_id) AS ticket_ids,
           (SELECT n.note_number FROM return_notes n WHERE n.refund_id = f.id) AS note_number
    FROM refunds f WHERE f.reservation_id = ${position.reservationId} ORDER BY f.id`);
  return {
    order_id: orderId,
    order_status: orders[0].status,
    paid: position.paid,
    refunded: position.refunded,
    remaining: Math.max(0, position.paid - position.refunded),
    // What this member may still refund alone on this order: the limit less what staff already refunded
    // (or asked to) on it, as cancelTickets counts, so the dialog says "needs approval" when the server will.
    approval_limit_yen: Math.max(0, (await approvalLimit(db, staff)) - position.staffRefunded),
    tickets: position.tickets.map((ticket) => ({
      id: ticket.ticketId,
      sequence: ticket.sequence,
      price: ticket.price,
      discount_share: ticket.couponShare,
      amount: ticket.amount,
      refundable: ticket.refundable,
      status: ticket.status,
      refunded: ticket.refunded,
    })),
    refunds: refunds.map((refund) => ({
      id: Number(refund.id),
      status: refund.status,
      amount: Number(refund.amount),
      ticket_ids: refund.ticket_ids.map(Number),
      reason: refund.reason,
      requested_by: refund.requested_by_label,
      created_at: iso(refund.created_at)!,
      completed_at: iso(refund.completed_at),
      return_note_number: refund.note_number,
      failure_code: refund.failure_code,
      manual_recorded_at: iso(refund.manual_recorded_at),
      manual_note: refund.manual_note,
    })),
  };
}

/** The console's answer for a refund. */
export function refundAnswer(summary: RefundSummary): RefundSummaryAnswer {
  return {
    refund_id: summary.refundId,
    status: summary.status,
    amount: summary.amount,
    ticket_ids: summary.ticketIds,
    return_note_number: summary.returnNoteNumber ?? null,
  };
}

/**
 * A staff member cancels tickets of an order of the site, with money (measured against their limit) or
 * without. The idempotency key is the dialog's, scoped to the site so two sites' keys never meet.
 */
export async function staffCancelTickets(
  db: Db,
  deps: RefundDeps,
  input: {
    site: SiteCode;
    orderId: number;
    staff: RefundStaff;
    money: 'refund' | 'none';
    body: { ticket_ids: number[] | 'all'; reason: string; idempotency_key: string };
  },
): Promise<RefundSummaryAnswer> {
  const summary = await cancelTickets(db, deps, {
    site: input.site,
    orderId: input.orderId,
    ticketIds: input.body.ticket_ids,
    money: input.money,
    reason: input.body.reason,
    idempotencyKey: `console-${input.site}-${input.body.idempotency_key}`,
    actor: input.staff.actor,
    approval: { limitYen: input.money === 'refund' ? await approvalLimit(db, input.staff) : null },
  });
  return refundAnswer(summary);
}
