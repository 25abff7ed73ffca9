import { sql } from 'drizzle-orm';
import type { SiteCode } from '@kippu/contract';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { lockOrderById } from '../orders/order-lock.ts';
import { proceedRefund } from './proceed-refund.ts';
import { refundPosition } from './refund-position.ts';
import { refundById, summaryOf, type RefundRow } from './refund-rows.ts';
import type { RefundDeps, RefundSummary } from './refund-types.ts';
import { settleRefund } from './settle-refund.ts';

/** Who decides: a staff member with refunds write; `limited` when their role refunds only up to the limit. */
export interface Approver {
  actor: AuditActor & { kind: 'staff'; staffId: number };
  limited: boolean;
}

export interface RefundDecision {
  site: SiteCode;
  refundId: number;
  approver: Approver;
  note?: string;
}

/**
 * Locks the order, then the refund (the one order lock first, as every cancel does) and checks the second
 * pair of eyes: not the member who asked, and not a role limited to the organisation's amount.
 */
async function lockWaiting(tx: Tx, decision: RefundDecision): Promise<RefundRow | undefined> {
  const found = await refundById(tx, decision.refundId);
  if (!found || found.siteCode !== decision.site) throw new AppError('record_not_found');
  await lockOrderById(tx, found.orderId);
  const refund = (await refundById(tx, decision.refundId, true))!;
  // Decided already (a double click, a second approver a moment later): answered, nothing done twice.
  if (refund.status !== 'awaiting_approval') return undefined;
  if (decision.approver.limited || refund.requestedByStaffId === decision.approver.actor.staffId)
    throw new AppError('console_refund_needs_other_approver');
  return refund;
}

async function decide(
  tx: Tx,
  refund: RefundRow,
  decision: RefundDecision,
  verdict: 'approved' | 'rejected',
): Promise<void> {
  await tx.execute(sql`
    UPDATE refund_approvals SET decision = ${verdict}, decided_by_staff_id = ${decision.approver.actor.staffId},
           decided_at = now(), note = ${decision.note ?? null}
    WHERE refund_id = ${refund.id} AND decision IS NULL`);
  await recordAudit(tx, {
    actor: decision.approver.actor,
    siteCode: refund.siteCode,
    objectType: 'refund',
    objectId: String(refund.id),
    action: `refund_${verdict}`,
    before: { status: 'awaiting_approval' },
    after: {
      order_id: refund.orderId,
      amount: refund.amount,
      ticket_ids: refund.ticketIds,
      note: decision.note ?? null,
    },
  });
}

/**
 * A second staff member approves a refund above the organisation's limit: it then goes ahead as any other
 * (tickets voided, stock and coupons back, return note), and the gateway is asked after the commit. A ticket
 * checked in meanwhile answers `console_nothing_to_refund` and nothing happens.
 */
export async function approveRefund(
  db: Db,
  deps: RefundDeps,
  decision: RefundDecision,
): Promise<RefundSummary> {
  const proceeded = await db.transaction(async (tx) => {
    const refund = await lockWaiting(tx, decision);
    if (!refund) return false;
    const position = await refundPosition(tx, refund.orderId);
    if (!position) throw new AppError('record_not_found');
    if (refund.amount > position.paid - position.refunded) throw new AppError('console_refund_exceeds_paid');
    await tx.execute(sql`
      UPDATE refunds SET approved_by_staff_id = ${decision.approver.actor.staffId}, status = 'requested'
      WHERE id = ${refund.id}`);
    await decide(tx, refund, decision, 'approved');
    return (
      (await proceedRefund(
        tx,
        {
          id: refund.id,
          orderId: refund.orderId,
          amount: refund.amount,
          money: 'refund',
          ticketIds: refund.ticketIds,
        },
        position,
        decision.approver.actor,
        deps.env,
      )) === 'requested'
    );
  });
  if (proceeded) await settleRefund(db, deps, decision.refundId);
  return summaryOf((await refundById(db, decision.refundId))!);
}

/** A second staff member refuses a refund above the limit: nothing was voided, nothing changes. */
export async function rejectRefund(db: Db, decision: RefundDecision): Promise<RefundSummary> {
  await db.transaction(async (tx) => {
    const refund = await lockWaiting(tx, decision);
    if (!refund) return;
    await tx.execute(sql`UPDATE refunds SET status = 'rejected', updated_at = now(), completed_at = now()
                         WHERE id = ${refund.id}`);
    await decide(tx, refund, decision, 'rejected');
  });
  return summaryOf((await refundById(db, decision.refundId))!);
}

/** A refund waiting for a second staff member, as the approvals list shows it. */
export interface WaitingRefund {
  refundId: number;
  orderId: number;
  reservationNumber: string;
  amount: number;
  ticketIds: number[];
  reason: string;
  requestedBy: string;
  requestedByStaffId: number | null;
  requestedAt: Date;
  limitYen: number;
}

/** The site's refunds waiting for approval, oldest first. */
export async function refundsAwaitingApproval(
  db: Pick<Db, 'execute'>,
  site: SiteCode,
): Promise<WaitingRefund[]> {
  const { rows } = await db.execute<{
    id: string;
    order_id: string;
    reservation_number: string;
    amount: string;
    ticket_ids: string[];
    reason: string;
    requested_by_label: string;
    requested_by_staff_id: string | null;
    created_at: string | Date;
    limit_yen: number;
  }>(sql`
    SELECT f.id, f.order_id, r.reservation_number, f.amount, f.reason, f.requested_by_label,
           f.requested_by_staff_id, f.created_at, a.limit_yen,
           ARRAY(SELECT rt.ticket_id FROM refund_tickets rt WHERE rt.refund_id = f.id ORDER BY rt.ticket_id) AS ticket_ids
    FROM refunds f JOIN refund_approvals a ON a.refund_id = f.id JOIN reservations r ON r.id = f.reservation_id
    WHERE f.site_code = ${site} AND f.status = 'awaiting_approval'
    ORDER BY f.id
    LIMIT 200`);
  return rows.map((row) => ({
    refundId: Number(row.id),
    orderId: Number(row.order_id),
    reservationNumber: row.reservation_number,
    amount: Number(row.amount),
    ticketIds: row.ticket_ids.map(Number),
    reason: row.reason,
    requestedBy: row.requested_by_label,
    requestedByStaffId: row.requested_by_staff_id === null ? null : Number(row.requested_by_staff_id),
    requestedAt: new Date(row.created_at),
    limitYen: row.limit_yen,
  }));
}
