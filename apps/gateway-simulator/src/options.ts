import type { SimDb } from './db/sim-db.ts';

/**
 * What the server mounting the simulator gives it (app.ts, ADR 060): the simulator imports nothing of the
 * server, so the few things it needs of its host come in here.
 */
export interface GatewaySimulatorOptions {
  /** The simulator's own pool (`kippu-gateway-simulator` in pg_stat_activity): another company's server. */
  db: SimDb;
  /** The origin the visitor reaches the shop at: the simulator's pages and redirects are absolute on it. */
  origin: string;
  /** The host's error for a refused call, so the simulator's refusals carry the server's one error body. */
  httpError(code: 'not_found' | 'invalid_request', message?: string): Error;
}
