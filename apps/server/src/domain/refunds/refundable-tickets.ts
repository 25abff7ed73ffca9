import type { Db, Tx } from '../../db/client.ts';
import { refundPosition } from './refund-position.ts';
import type { RefundableTicket } from './refund-types.ts';

export type { RefundableTicket } from './refund-types.ts';

/**
 * Every ticket of the order's reservation with its price, its share of the discounts, what cancelling it
 * gives back and whether it can be cancelled now (valid, in no refund waiting or done). Empty for an order
 * without a reservation.
 */
export async function refundableTickets(
  db: Pick<Db, 'execute'> | Tx,
  orderId: number,
): Promise<RefundableTicket[]> {
  return (await refundPosition(db, orderId))?.tickets ?? [];
}
