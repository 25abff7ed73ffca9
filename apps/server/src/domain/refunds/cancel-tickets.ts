import type { Db } from '../../db/client.ts';
import type { CancelTicketsInput, RefundDeps, RefundSummary } from './refund-types.ts';

export type { CancelTicketsInput, RefundDeps, RefundSummary } from './refund-types.ts';

/**
 * Cancels some or all valid tickets of a reserved order, with money back or not; idempotent per key (ADR 076).
 * Body in progress: the signature is what order-desk, moves and box-office build on.
 */
export async function cancelTickets(db: Db, deps: RefundDeps, input: CancelTicketsInput): Promise<RefundSummary> {
  void db;
  void deps;
  void input;
  throw new Error('cancelTickets: not built yet');
}
