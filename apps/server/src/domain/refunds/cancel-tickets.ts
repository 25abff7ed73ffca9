import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { lockOrderById } from '../orders/order-lock.ts';
import { proceedRefund } from './proceed-refund.ts';
import { refundPosition, type RefundPosition } from './refund-position.ts';
import { refundById, refundByKey, summaryOf } from './refund-rows.ts';
import type { CancelTicketsInput, RefundDeps, RefundStatus, RefundSummary } from './refund-types.ts';
import { settleRefund } from './settle-refund.ts';

export type { CancelTicketsInput, RefundDeps, RefundSummary } from './refund-types.ts';

/** The actor's audit label, kept on the refund for the order's timeline. */
export const actorLabel = (actor: AuditActor) =>
  actor.label ?? (actor.staffId !== undefined ? `staff ${actor.staffId}` : actor.kind);

/** The tickets a cancel names, each valid and in no other refund; else what the console answers. */
function chosenTickets(position: RefundPosition, wanted: number[] | 'all') {
  if (wanted === 'all') {
    const all = position.tickets.filter((ticket) => ticket.refundable);
    if (all.length === 0) throw new AppError('console_nothing_to_refund');
    return all;
  }
  const ids = [...new Set(wanted)];
  if (ids.length === 0) throw new AppError('console_nothing_to_refund');
  return ids.map((id) => {
    const ticket = position.tickets.find((candidate) => candidate.ticketId === id);
    if (!ticket) throw new AppError('record_not_found');
    if (!ticket.refundable) throw new AppError('console_nothing_to_refund');
    return ticket;
  });
}

interface Prepared {
  refundId: number;
  /** This call wrote the refund and may ask the gateway (a retry of the key only answers it). */
  fresh: boolean;
  status: RefundStatus;
}

async function prepare(tx: Tx, deps: RefundDeps, input: CancelTicketsInput): Promise<Prepared> {
  // The one order lock first (ADR 061): every cancel of this order, and every retry of this key, waits here,
  // so the key is looked up after the lock and only the first call writes the refund.
  const order = await lockOrderById(tx, input.orderId);
  if (!order) throw new AppError('record_not_found');
  const existing = await refundByKey(tx, input.idempotencyKey);
  if (existing) {
    if (existing.orderId !== input.orderId || existing.siteCode !== input.site)
      throw new AppError('record_not_found');
    return { refundId: existing.id, fresh: false, status: existing.status };
  }
  const position = await refundPosition(tx, order.id);
  if (!position || position.siteCode !== input.site) throw new AppError('record_not_found');
  if (order.status !== 'reserved') throw new AppError('console_nothing_to_refund');
  const tickets = chosenTickets(position, input.ticketIds);
  const amount = input.money === 'refund' ? tickets.reduce((sum, ticket) => sum + ticket.amount, 0) : 0;
  if (amount > position.paid - position.refunded) throw new AppError('console_refund_exceeds_paid');
  // Counted with what staff already refunded on this order, so splitting a refund never dodges the limit.
  const waits =
    input.money === 'refund' &&
    input.approval.limitYen !== null &&
    amount + position.staffRefunded > input.approval.limitYen;
  const { rows } = await tx.execute<{ id: string }>(sql`
    INSERT INTO refunds (order_id, reservation_id, site_code, amount, status, reason, idempotency_key,
                         requested_by_staff_id, requested_by_label)
    VALUES (${order.id}, ${position.reservationId}, ${input.site}, ${amount},
            ${waits ? 'awaiting_approval' : 'requested'}, ${input.reason}, ${input.idempotencyKey},
            ${input.actor.kind === 'staff' ? (input.actor.staffId ?? null) : null}, ${actorLabel(input.actor)})
    RETURNING id`);
  const refundId = Number(rows[0]!.id);
  const ticketIds = tickets.map((ticket) => ticket.ticketId);
  await tx.execute(sql`
    INSERT INTO refund_tickets (refund_id, ticket_id, amount)
    SELECT ${refundId}, t.id, t.amount
    FROM unnest(${sql.param(ticketIds)}::bigint[],
                ${sql.param(tickets.map((ticket) => (input.money === 'refund' ? ticket.amount : 0)))}::bigint[])
         AS t(id, amount)`);
  if (waits) {
    // Separation of duties: above the organisation's limit nothing changes until a second member approves.
    await tx.execute(sql`
      INSERT INTO refund_approvals (refund_id, requested_by_staff_id, limit_yen)
      VALUES (${refundId}, ${input.actor.staffId ?? null}, ${input.approval.limitYen})`);
    await recordAudit(tx, {
      actor: input.actor,
      siteCode: input.site,
      objectType: 'order',
      objectId: String(order.id),
      action: 'refund_awaiting_approval',
      after: { refund_id: refundId, ticket_ids: ticketIds, amount, limit_yen: input.approval.limitYen },
    });
    return { refundId, fresh: true, status: 'awaiting_approval' };
  }
  const status = await proceedRefund(
    tx,
    { id: refundId, orderId: order.id, amount, money: input.money, ticketIds },
    position,
    input.actor,
    deps.env,
  );
  return { refundId, fresh: true, status };
}

/**
 * Cancels some or all valid tickets of a reserved order, with money back or not (ADR 076): under the order's
 * lock it computes each ticket's money, writes the refund (its key UNIQUE: a retry or a double click answers
 * the same refund), voids the tickets and gives back stock and, for a whole order, coupon uses, audited, and
 * commits; THEN it asks the gateway outside the transaction and stores the answer. Above the approval limit
 * the refund waits for a second staff member and nothing is voided. Errors: `console_nothing_to_refund` (no
 * valid ticket named, order not reserved), `console_refund_exceeds_paid`, `record_not_found`.
 */
export async function cancelTickets(
  db: Db,
  deps: RefundDeps,
  input: CancelTicketsInput,
): Promise<RefundSummary> {
  let prepared: Prepared;
  try {
    prepared = await db.transaction((tx) => prepare(tx, deps, input));
  } catch (error) {
    // The same key on another order, racing past the order lock: the key's refund answers.
    const existing = isUniqueViolation(error) ? await refundByKey(db, input.idempotencyKey) : undefined;
    if (!existing) throw error;
    if (existing.orderId !== input.orderId) throw new AppError('record_not_found');
    prepared = { refundId: existing.id, fresh: false, status: existing.status };
  }
  if (prepared.fresh && prepared.status === 'requested') await settleRefund(db, deps, prepared.refundId);
  return summaryOf((await refundById(db, prepared.refundId))!);
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  return (error as { code?: string } | undefined)?.code === '23505' || cause?.code === '23505';
}
