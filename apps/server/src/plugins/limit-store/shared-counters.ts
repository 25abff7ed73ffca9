/** A call's count in its key's current window, and the milliseconds until that window ends. */
export interface WindowCount {
  current: number;
  ttl: number;
}

/**
 * Fixed-window counters every server process sees (ADR 093): PostgreSQL by default, Redis with REDIS_URL.
 * `incr` counts one call under `key` in a window of `windowMs` that starts with the key's first call, and
 * answers this call's own count (of N concurrent calls the k-th sees k). It rejects when the store cannot
 * answer; the rate-limit store then counts in the process (shared-rate-limit-store.ts).
 */
export interface SharedCounters {
  /** Named in the log line that tells the store is unreachable. */
  readonly name: string;
  /**
   * `patient`: the caller does not mind a few milliseconds' wait, so under load a store may hold the call for
   * company (PostgreSQL: one statement for many; ADR 120). Holds and sign-ins are never patient.
   */
  incr(key: string, windowMs: number, patient?: boolean): Promise<WindowCount>;
  close(): Promise<void>;
}
