import { option, positiveInt } from '../shared/args.ts';
import { generatorNiceOption } from '../shared/generator-priority.ts';

export interface OnSaleConfig {
  /** Simulated visitors, each its own address, cookies and place. */
  visitors: number;
  /** They arrive evenly spread over this many seconds. */
  arrivalSeconds: number;
  /** Seats of the one slot on sale. */
  seats: number;
  /** Server processes on the one database; every request goes to the next one (a balancer without affinity). */
  processes: number;
  /** The product's admissions a minute; undefined = automatic (the server's own rate, ADR 095). */
  admitPerMinute: number | undefined;
  /** Visitors still waiting this many seconds after the last arrival are counted as unfinished. */
  timeoutSeconds: number;
  /**
   * The generator stands in for the balancer (it already names each visitor in X-Forwarded-For) and stamps
   * `X-Request-Start` as it sends, as nginx or a cloud balancer does on receipt (ADR 095 addendum).
   * `--no-request-start`: no stamp, so each process's own read time orders the queue.
   */
  requestStart: boolean;
  /** The load generator's nice value during the rush (`--generator-nice=N`, shared/generator-priority.ts). */
  generatorNice: number;
}

const DEFAULTS: Omit<OnSaleConfig, 'generatorNice'> = {
  visitors: 5000,
  arrivalSeconds: 10,
  seats: 200,
  processes: 2,
  admitPerMinute: undefined,
  timeoutSeconds: 60,
  requestStart: true,
};

/**
 * `--visitors=5000 --arrival=10 --seats=200 --processes=2 --admit-per-minute=N --timeout=60 [--no-request-start]
 * --generator-nice=-10`.
 */
export function onSaleConfig(args: string[]): OnSaleConfig {
  const int = (name: string, fallback: number) => {
    const value = option(args, name);
    return value ? positiveInt(value, name) : fallback;
  };
  const admit = option(args, 'admit-per-minute');
  return {
    visitors: int('visitors', DEFAULTS.visitors),
    arrivalSeconds: int('arrival', DEFAULTS.arrivalSeconds),
    seats: int('seats', DEFAULTS.seats),
    processes: int('processes', DEFAULTS.processes),
    admitPerMinute: admit ? positiveInt(admit, 'admit-per-minute') : DEFAULTS.admitPerMinute,
    timeoutSeconds: int('timeout', DEFAULTS.timeoutSeconds),
    requestStart: !args.includes('--no-request-start'),
    generatorNice: generatorNiceOption(args),
  };
}
