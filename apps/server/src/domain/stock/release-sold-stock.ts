import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { slotBeforeSaleCutoffSql } from './slot-sale.ts';
import { noteStockChange } from './stock-changes.ts';
import { lockClaimedSpans, type SpanClaim } from './span-quantities.ts';

/**
 * Gives sold places back to their slots (a refund cancels tickets, issue 29, ADR 076), inside the transaction
 * that voids the tickets (so it happens exactly once: the tickets' valid → void is the guard). Only while the
 * web still sells the slot (its sale cut-off, slot-sale.ts): a timed slot until it starts, a day ticket or a
 * period pass until its span ends, so a day ticket refunded during its day frees a place the web can sell
 * again (review finding 16). Past that, the place can be sold to no one online, and `sold` stays what the
 * gate counted. Slots locked in id order (lockClaimedSpans), like every other move of held or sold. Answers
 * the places given back.
 */
export async function releaseSoldStock(tx: Tx, claims: SpanClaim[]): Promise<number> {
  const wanted = claims.filter((claim) => claim.quantity > 0);
  if (wanted.length === 0) return 0;
  const { spanIds, quantities } = await lockClaimedSpans(tx, wanted);
  const { rows } = await tx.execute<{ n: number }>(sql`
    WITH released AS (
      UPDATE time_spans t SET sold = t.sold - r.quantity
      FROM unnest(${sql.param(spanIds)}::bigint[], ${sql.param(quantities)}::int[]) AS r(id, quantity), products p
      WHERE t.id = r.id AND p.id = t.product_id AND ${sql.raw(slotBeforeSaleCutoffSql('t', 'p'))}
      RETURNING r.quantity)
    SELECT COALESCE(sum(quantity), 0)::int AS n FROM released`);
  const released = rows[0]?.n ?? 0;
  // Again when the request or job that runs this transaction ends (stock-change-notes.ts, ADR 007).
  if (released > 0) noteStockChange();
  return released;
}
