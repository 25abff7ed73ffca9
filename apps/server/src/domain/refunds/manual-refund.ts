import { sql } from 'drizzle-orm';
import type { SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { refundById, summaryOf } from './refund-rows.ts';
import type { RefundSummary } from './refund-types.ts';

/**
 * Staff record that they gave the money back by hand (cash, a card terminal's refund, a bank transfer for a
 * failed automatic refund): who and when, on the refund and in the audit log. Only a refund whose money is
 * still owed: `failed`, or `manual` not recorded yet; recorded twice answers the first record.
 */
export async function recordManualRefund(
  db: Db,
  input: {
    site: SiteCode;
    refundId: number;
    actor: AuditActor & { kind: 'staff'; staffId: number };
    note: string;
  },
): Promise<RefundSummary> {
  return db.transaction(async (tx) => {
    const refund = await refundById(tx, input.refundId, true);
    if (!refund || refund.siteCode !== input.site) throw new AppError('record_not_found');
    const { rows } = await tx.execute<{ manual_recorded_at: Date | null }>(
      sql`SELECT manual_recorded_at FROM refunds WHERE id = ${refund.id}`,
    );
    if (rows[0]!.manual_recorded_at !== null) return summaryOf(refund);
    if (refund.status !== 'failed' && refund.status !== 'manual')
      throw new AppError('console_nothing_to_refund');
    await tx.execute(sql`
      UPDATE refunds SET status = 'manual', manual_recorded_by_staff_id = ${input.actor.staffId},
             manual_recorded_at = now(), manual_note = ${input.note}, completed_at = now(), updated_at = now()
      WHERE id = ${refund.id}`);
    await tx.execute(sql`
      UPDATE refund_payments SET status = 'manual', completed_at = now()
      WHERE refund_id = ${refund.id} AND status IN ('failed', 'manual', 'requested')`);
    await recordAudit(tx, {
      actor: input.actor,
      siteCode: refund.siteCode,
      objectType: 'refund',
      objectId: String(refund.id),
      action: 'refund_recorded_manually',
      before: { status: refund.status },
      after: { status: 'manual', order_id: refund.orderId, amount: refund.amount, note: input.note },
    });
    return summaryOf({ ...refund, status: 'manual' });
  });
}
