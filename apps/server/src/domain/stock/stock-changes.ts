/**
 * Counters that move whenever this process changes stock (a hold, a release, a sale) or may just have
 * changed it (a write request finished, a sweep ran). The availability answer cache keeps an answer only
 * while `stockVersion()` stands where it stood when the answer's read began (ADR 033), so the process that
 * changed the stock reads fresh numbers at once; other processes see the change within the cache's one
 * second. The counters are per process on purpose: they cost nothing, and the hold, never a cached read,
 * decides whether stock is taken.
 */
let changes = 0;
let writesEnded = 0;

/** Call after the change is committed, or inside its transaction and again once it has ended. */
export function noteStockChange(): void {
  changes += 1;
}

/** A refused write request went through this process (the answer cache's hook; a successful one notes a change). */
export function noteWriteEnded(): void {
  writesEnded += 1;
}

/** Moves with every change and every write request: what a cached availability answer must not outlive. */
export function stockVersion(): number {
  return changes + writesEnded;
}

/**
 * Moves with the changes the domain reports (a release, a sale, a hold, a slot edited) and with every
 * successful write request, not with a refused one: the hold refuses on a slot's last stock only while this
 * stands still (hold-stock.ts), and a flood of refused holds must not count as changes.
 */
export function stockChanges(): number {
  return changes;
}
