/**
 * How long the first join or place read of a moment waits for others before its statement starts (ADR 095
 * addendum, session 18): in a rush a process reads a join or a poll every few milliseconds, so without a
 * wait most statements took one or two; with 10 ms PostgreSQL's CPU per visitor fell by 8 %. A join or a
 * poll waits its turn in a queue anyway: 10 ms more is not felt.
 */
export const WAITING_ROOM_LINGER_MS = 10;

/** Runs `work` after `lingerMs`; with 0, once the current turn of the event loop is over (setImmediate). */
export function afterLinger(lingerMs: number, work: () => void): void {
  if (lingerMs > 0) setTimeout(work, lingerMs);
  else setImmediate(work);
}
