/**
 * A counter that moves whenever this process changes stock (a hold, a release, a sale, a slot edited) or may
 * just have changed it (a write request went through). The hold refuses on a slot's last stock without a
 * read only while it stands still (hold-stock.ts). Per process on purpose: it costs nothing, and the hold's
 * conditional write, never this counter, decides whether stock is taken. Kept availability answers do not
 * follow it (ADR 123): they live their one second, and a visitor who wrote reads past them.
 */
let changes = 0;

/** Call after the change is committed, or inside its transaction and again once it has ended. */
export function noteStockChange(): void {
  changes += 1;
}

/** Moves with every change noted above; a refused write request notes none. */
export function stockChanges(): number {
  return changes;
}
