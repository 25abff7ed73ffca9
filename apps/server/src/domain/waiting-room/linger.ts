/**
 * How long the first join or place read of a moment waits for others before its statement starts (ADR 095
 * addendum, session 18): in a rush a process reads a join or a poll every few milliseconds, so without a
 * wait most statements took one or two; with 10 ms PostgreSQL's CPU per visitor fell by 8 %. With 30 ms
 * (session 20) a rush of 5,000 sent 1,267 join statements instead of 1,849 and 840 place reads instead of
 * 1,739: each is a round trip and a backend's wake-up, dear on a virtual machine. A join or a poll waits its
 * turn in a queue anyway: 30 ms more is not felt.
 */
export const WAITING_ROOM_LINGER_MS = 30;

/** Runs `work` after `lingerMs`; with 0, once the current turn of the event loop is over (setImmediate). */
export function afterLinger(lingerMs: number, work: () => void): void {
  if (lingerMs > 0) setTimeout(work, lingerMs);
  else setImmediate(work);
}
