import type { Tx } from '../../db/client.ts';
import type { RefundPosition } from './refund-position.ts';

/**
 * Queues the visitor's mail about a refund with money (its return note's link), in the refund's transaction.
 * The mail kind is added once the mail module's shared files are free (issue 29: several helpers edit them).
 */
export async function queueRefundMail(
  tx: Tx,
  refund: { refundId: number; returnNoteNumber: string; position: RefundPosition },
): Promise<void> {
  void tx;
  void refund;
}
