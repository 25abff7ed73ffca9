import pg from 'pg';
import type { Pool } from 'pg';

/** How long a readiness check or a scrape's database read may take before it counts as a failure. */
export const PROBE_TIMEOUT_MS = 2000;

/** The probe connection's name in pg_stat_activity. */
export const PROBE_APPLICATION = 'kippu-probe';

/**
 * One connection of its own for `/readyz` and the scrape-time gauges of `/metrics` (ADR 099). Not the
 * visitors' pool: a probe queued behind a rush's holds would call a busy server "not ready" and a load
 * balancer would take every process out at the moment they are needed most; and a probe must never take a
 * connection a visitor waits for. Each call is bounded by `timeoutMs` (the statement on the server and the
 * whole call here: a frozen network is a failure too). Concurrent calls of the same check share one answer.
 */
export interface DatabaseProbe {
  query<Row extends object>(text: string, values?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

export class ProbeTimeout extends Error {
  constructor(ms: number) {
    super(`the database did not answer within ${ms} ms`);
  }
}

/** A probe on the same database as `pool` (its connection string), with one connection. */
export function createDatabaseProbe(pool: Pool, timeoutMs = PROBE_TIMEOUT_MS): DatabaseProbe {
  const probe = new pg.Pool({
    connectionString: pool.options.connectionString,
    max: 1,
    connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs,
    application_name: PROBE_APPLICATION,
    // Kept open between probes (a check every few seconds), closed when idle for a minute.
    idleTimeoutMillis: 60_000,
  });
  // A connection that breaks while idle: dropped by the pool, reopened by the next probe.
  probe.on('error', () => undefined);
  return {
    async query<Row extends object>(text: string, values: unknown[] = []) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new ProbeTimeout(timeoutMs)), timeoutMs);
      });
      const answer = probe.query<Row>(text, values);
      // The statement's own failure after a timeout has no one left to tell.
      answer.catch(() => undefined);
      try {
        return (await Promise.race([answer, timeout])).rows;
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => probe.end(),
  };
}

/** Runs `check` once for all who ask while it runs (several load balancers, a scrape during a probe). */
export function shared<T>(check: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () => {
    running ??= check().finally(() => {
      running = undefined;
    });
    return running;
  };
}
