import { option, positiveInt } from '../shared/args.ts';

export interface HotSlotConfig {
  /** Seats in each fresh slot. */
  capacity: number;
  /** Demand as a multiple of capacity: requests (and pgbench transactions) per run ≈ capacity × this. */
  demandFactor: number;
  /** Concurrent clients, one run of each kind per entry. */
  clients: number[];
  /** Run only the pgbench half (for checking the harness without the server). */
  skipHttp: boolean;
  /** Server processes on the one database; each run's clients and orders are shared out among them. */
  processes: number;
}

const DEFAULTS: HotSlotConfig = {
  capacity: 2000,
  demandFactor: 5,
  clients: [1, 8, 32, 64],
  skipHttp: false,
  processes: 1,
};

/**
 * `--capacity=500 --clients=1,8 --demand=5 --skip-http --processes=2`, or BENCH_CAPACITY, BENCH_CLIENTS,
 * BENCH_DEMAND_FACTOR, BENCH_PROCESSES.
 * Arguments win over the environment.
 */
export function hotSlotConfig(args: string[], env: NodeJS.ProcessEnv = process.env): HotSlotConfig {
  const capacity = option(args, 'capacity') ?? env.BENCH_CAPACITY;
  const demand = option(args, 'demand') ?? env.BENCH_DEMAND_FACTOR;
  const clients = option(args, 'clients') ?? env.BENCH_CLIENTS;
  const processes = option(args, 'processes') ?? env.BENCH_PROCESSES;
  return {
    capacity: capacity ? positiveInt(capacity, 'capacity') : DEFAULTS.capacity,
    demandFactor: demand ? positiveInt(demand, 'demand') : DEFAULTS.demandFactor,
    clients: clients ? clients.split(',').map((c) => positiveInt(c.trim(), 'clients')) : DEFAULTS.clients,
    skipHttp: args.includes('--skip-http') || env.BENCH_SKIP_HTTP === 'true',
    processes: processes ? positiveInt(processes, 'processes') : DEFAULTS.processes,
  };
}

/** Transactions per client so that every client runs the same count and the total covers the demand. */
export function perClientDemand(config: HotSlotConfig, clients: number): number {
  return Math.ceil((config.capacity * config.demandFactor) / clients);
}
