import type { Db, Tx } from '../../db/client.ts';
import type { RefundableTicket } from './refund-types.ts';

export type { RefundableTicket } from './refund-types.ts';

/** Every ticket of the order's reservation with its price, its share of the discounts and whether it can be cancelled. */
export async function refundableTickets(db: Pick<Db, 'execute'> | Tx, orderId: number): Promise<RefundableTicket[]> {
  void db;
  void orderId;
  throw new Error('refundableTickets: not built yet');
}
