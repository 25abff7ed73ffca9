import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/** An order's claim on one slot's stock. */
export interface SpanClaim {
  time_span_id: number;
  quantity: number;
}

/**
 * Claims summed per slot, and the slots locked in id order: every path that moves `held` or `sold` of
 * several slots in one transaction (a release, a change of date) locks them in the same order, as the sale's
 * trigger does at commit (ADR 130), so two such transactions cannot deadlock. Answers the slot ids and their
 * quantities, index for index.
 */
export async function lockClaimedSpans(
  tx: Tx,
  claims: SpanClaim[],
): Promise<{ spanIds: number[]; quantities: number[] }> {
  const { spanIds, quantities } = claimsPerSpan(claims);
  // sql.param: drizzle would otherwise spread a JS array into a list of parameters.
  await tx.execute(
    sql`SELECT id FROM time_spans WHERE id = ANY(${sql.param(spanIds)}::bigint[]) ORDER BY id FOR UPDATE`,
  );
  return { spanIds, quantities };
}

/** Claims summed per slot, in slot id order: the slot ids and their quantities, index for index. */
export function claimsPerSpan(claims: SpanClaim[]): { spanIds: number[]; quantities: number[] } {
  const perSpan = new Map<number, number>();
  for (const claim of claims) {
    perSpan.set(claim.time_span_id, (perSpan.get(claim.time_span_id) ?? 0) + claim.quantity);
  }
  const spanIds = [...perSpan.keys()].sort((a, b) => a - b);
  return { spanIds, quantities: spanIds.map((id) => perSpan.get(id)!) };
}

/**
 * lockClaimedSpans for a caller whose next statement is one UPDATE of exactly these slots: one slot is not
 * locked here, since that UPDATE takes its one row's lock and a single lock cannot be taken out of order.
 * The release holds the slot's lock to its commit; in a rush every hold batch and checkout of the slot waits
 * for it, and a separate lock statement kept it over one more round trip to a busy process (on-sale's
 * checkouts queued 0.5 s behind each other on it; ADR 126). The sale takes it only inside COMMIT (ADR 130).
 */
export async function lockClaimedSpansForOneUpdate(
  tx: Tx,
  claims: SpanClaim[],
): Promise<{ spanIds: number[]; quantities: number[] }> {
  const spanIds = new Set(claims.map((claim) => claim.time_span_id));
  if (spanIds.size > 1) return lockClaimedSpans(tx, claims);
  const quantity = claims.reduce((sum, claim) => sum + claim.quantity, 0);
  return { spanIds: [...spanIds], quantities: [quantity] };
}
