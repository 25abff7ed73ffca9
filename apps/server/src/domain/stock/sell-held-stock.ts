import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { lockClaimedSpans, type SpanClaim } from './span-quantities.ts';

/**
 * Turns the held stock of orders that just became reserved into sold stock, inside the transaction that
 * moved them (so a sale happens exactly once: the status change paying → reserved is the guard). The
 * total taken (held + sold) does not change, so the slot's capacity CHECK cannot fail here.
 */
export async function sellHeldStock(tx: Tx, reserved: SpanClaim[]): Promise<void> {
  if (reserved.length === 0) return;
  const { spanIds, quantities } = await lockClaimedSpans(tx, reserved);
  await tx.execute(sql`
    UPDATE time_spans t SET held = t.held - r.quantity, sold = t.sold + r.quantity
    FROM unnest(${sql.param(spanIds)}::bigint[], ${sql.param(quantities)}::int[]) AS r(id, quantity)
    WHERE t.id = r.id`);
}
