import { option, positiveInt } from '../shared/args.ts';

export interface ConsoleSignInConfig {
  /** Sign-ins measured at `concurrency` (the figure: p99 at 10 concurrent sign-ins). */
  signIns: number;
  concurrency: number;
  /** Staff accounts the sign-ins rotate over (each account signs in at most once at a time). */
  accounts: number;
  /** Concurrent sign-in loops of the flood that runs beside the holds. */
  flood: number;
  /** Concurrent hold clients (hot-slot's 32, where its ratio is stated). */
  holdClients: number;
  /** Seats of each fresh slot; the holds ask for `demand` times as many. */
  capacity: number;
  demand: number;
  /** Only the sign-in latency, no holds (and so no pgbench). */
  skipFlood: boolean;
}

const DEFAULTS: ConsoleSignInConfig = {
  signIns: 200,
  concurrency: 10,
  accounts: 20,
  flood: 40,
  holdClients: 32,
  capacity: 2000,
  demand: 5,
  skipFlood: false,
};

/** `--sign-ins=200 --concurrency=10 --accounts=20 --flood=40 --clients=32 --capacity=2000 --demand=5 --skip-flood`. */
export function consoleSignInConfig(args: string[]): ConsoleSignInConfig {
  const int = (name: string, fallback: number) => {
    const value = option(args, name);
    return value === undefined ? fallback : positiveInt(value, name);
  };
  return {
    signIns: int('sign-ins', DEFAULTS.signIns),
    concurrency: int('concurrency', DEFAULTS.concurrency),
    accounts: int('accounts', DEFAULTS.accounts),
    flood: int('flood', DEFAULTS.flood),
    holdClients: int('clients', DEFAULTS.holdClients),
    capacity: int('capacity', DEFAULTS.capacity),
    demand: int('demand', DEFAULTS.demand),
    skipFlood: args.includes('--skip-flood'),
  };
}
