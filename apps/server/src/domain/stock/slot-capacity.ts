import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { noteStockChange } from './stock-changes.ts';

/** A new capacity for one slot. */
export interface SlotCapacityChange {
  slotId: number;
  capacity: number;
}

/** A slot the new capacity would put below what it has sold, held and allotted to partners (`shortBy` places). */
export interface SlotBelowTaken {
  slotId: number;
  capacity: number;
  sold: number;
  held: number;
  /** Seats still reserved for partners' allotments (ADR 089). */
  allotted: number;
  shortBy: number;
}

export type SlotCapacityResult =
  | { ok: true; changed: { slotId: number; before: number; after: number }[] }
  | { ok: false; belowTaken: SlotBelowTaken[] };

/**
 * THE function that changes a slot's capacity (issue 28, ADR 069): the stock module owns every write of a
 * slot's seats, as the hold does (hold-stock.ts). `changes` names each slot once, and only slots that exist
 * (the caller has scoped the ids to its site): a repeated id (which capacity would win?) or an unknown one
 * is the caller's bug and throws before anything is written. In the caller's transaction:
 * 1. lock the slots' rows (`FOR UPDATE`, in id order so two bulk edits cannot deadlock): a hold's
 *    conditional UPDATE of `held` waits for this transaction and then re-checks its condition against the
 *    new capacity, and a hold that committed first is counted here;
 * 2. under the lock, refuse the whole change when any slot would fall below sold + held + allotted (nothing
 *    written, every such slot reported with its shortfall; a partner's allotment is released or reduced first);
 * 3. else write each capacity with the same condition again (`held + sold + allotted <= capacity`), bump the slot's
 *    version, and note the stock change (the hold's refusals read the slot again, ADR 007).
 * The table's CHECK time_spans_never_oversold stays the last line: were the lock ever missing, the update
 * would fail rather than oversell. Call noteStockChange again after the commit (the caller's route does,
 * through the returned result) so answers read during the transaction are not kept.
 */
export async function changeSlotCapacity(
  tx: Tx,
  changes: readonly SlotCapacityChange[],
): Promise<SlotCapacityResult> {
  if (changes.length === 0) return { ok: true, changed: [] };
  const ids = changes.map((c) => c.slotId);
  if (new Set(ids).size !== ids.length) throw new Error('slot capacity: a slot named twice');
  const capacities = changes.map((c) => c.capacity);
  const { rows: locked } = await tx.execute<{
    id: string;
    capacity: number;
    held: number;
    sold: number;
    allotted: number;
  }>(sql`
    SELECT id, capacity, held, sold, allotted FROM time_spans
    WHERE id = ANY(${sql.param(ids)}::bigint[]) ORDER BY id FOR UPDATE`);
  const current = new Map(locked.map((row) => [Number(row.id), row]));
  const missing = ids.filter((id) => !current.has(id));
  if (missing.length > 0) throw new Error(`slot capacity: no slot ${missing.join(', ')}`);
  const belowTaken: SlotBelowTaken[] = [];
  for (const change of changes) {
    const row = current.get(change.slotId)!;
    const taken = row.held + row.sold + row.allotted;
    if (change.capacity < taken) {
      belowTaken.push({
        slotId: change.slotId,
        capacity: change.capacity,
        sold: row.sold,
        held: row.held,
        allotted: row.allotted,
        shortBy: taken - change.capacity,
      });
    }
  }
  if (belowTaken.length > 0) return { ok: false, belowTaken };
  const { rows: updated } = await tx.execute<{ id: string }>(sql`
    UPDATE time_spans t SET capacity = c.capacity, version = t.version + 1
    FROM unnest(${sql.param(ids)}::bigint[], ${sql.param(capacities)}::int[]) AS c(id, capacity)
    WHERE t.id = c.id AND t.held + t.sold + t.allotted <= c.capacity
    RETURNING t.id`);
  // Under the row locks nothing can have moved; a shortfall here is a bug and must not commit.
  if (updated.length !== changes.length) throw new Error('slot capacity: stock moved under the lock');
  noteStockChange();
  return {
    ok: true,
    changed: changes.map((c) => ({
      slotId: c.slotId,
      before: current.get(c.slotId)!.capacity,
      after: c.capacity,
    })),
  };
}
