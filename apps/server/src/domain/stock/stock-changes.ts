/**
 * A counter that moves whenever this process changes stock (a hold, a release, a sale) or may just have
 * changed it (a write request finished, a sweep ran). The availability answer cache keeps an answer only
 * while the counter stands where it stood when the answer's read began (ADR 033), so the process that
 * changed the stock reads fresh numbers at once; other processes see the change within the cache's one
 * second. The counter is per process on purpose: it costs nothing, and the hold, never a cached read,
 * decides whether stock is taken.
 */
let version = 0;

/** Call after the change is committed, or inside its transaction and again once it has ended. */
export function noteStockChange(): void {
  version += 1;
}

export function stockVersion(): number {
  return version;
}
