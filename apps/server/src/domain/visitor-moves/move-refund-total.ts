import type { Db, Tx } from '../../db/client.ts';
import { refundPosition } from '../refunds/refund-position.ts';
import type { MovePlan } from './move-plan.ts';

/**
 * What the run would give back (integer yen) if it refunds every reservation that does not fit: for each,
 * the money of its refundable tickets as cancelTickets counts it for 'all' (refundPosition). Staff see it
 * in the preview before they start a run that pays out (review finding 6); 0 when the fallback is leave.
 */
export async function planRefundTotal(
  tx: Pick<Db, 'execute'> | Tx,
  plan: MovePlan,
  fallback: 'refund' | 'leave',
): Promise<number> {
  if (fallback !== 'refund') return 0;
  let total = 0;
  for (const row of plan.candidates) {
    if (row.targetSlotId !== null) continue;
    const position = await refundPosition(tx, row.orderId);
    if (!position) continue;
    const amount = position.tickets
      .filter((ticket) => ticket.refundable)
      .reduce((sum, ticket) => sum + ticket.amount, 0);
    total += Math.min(amount, Math.max(0, position.paid - position.refunded));
  }
  return total;
}
