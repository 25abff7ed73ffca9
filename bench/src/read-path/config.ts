import { option, positiveInt } from '../shared/args.ts';

export interface ReadPathConfig {
  /** Concurrent keep-alive connections autocannon keeps open, one request in flight on each. */
  connections: number;
  /** Measured seconds per target. */
  durationSeconds: number;
  /** Unmeasured seconds per target before it, so JIT, pools and caches are warm. */
  warmupSeconds: number;
  /** Server processes on the one database; the connections are shared out among them. */
  processes: number;
  /** The servers' LOG_LEVEL: `warn` as every benchmark server, or `info` as production runs (ADR 049). */
  logLevel: LogLevel;
  /** Only the targets whose label contains one of these (e.g. `404` for the two floors); empty = all. */
  only: string[];
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

const DEFAULTS: ReadPathConfig = {
  connections: 50,
  durationSeconds: 5,
  warmupSeconds: 1,
  processes: 1,
  logLevel: 'warn',
  only: [],
};

function logLevel(value: string): LogLevel {
  if (!(LOG_LEVELS as readonly string[]).includes(value))
    throw new Error(`log-level must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  return value as LogLevel;
}

/**
 * `--connections=50 --duration=5 --warmup=1 --processes=1 --log-level=warn --only=404`, or BENCH_CONNECTIONS,
 * BENCH_DURATION, BENCH_WARMUP, BENCH_PROCESSES, BENCH_LOG_LEVEL. Arguments win over the environment.
 */
export function readPathConfig(args: string[], env: NodeJS.ProcessEnv = process.env): ReadPathConfig {
  const connections = option(args, 'connections') ?? env.BENCH_CONNECTIONS;
  const duration = option(args, 'duration') ?? env.BENCH_DURATION;
  const warmup = option(args, 'warmup') ?? env.BENCH_WARMUP;
  const processes = option(args, 'processes') ?? env.BENCH_PROCESSES;
  const level = option(args, 'log-level') ?? env.BENCH_LOG_LEVEL;
  const only = option(args, 'only');
  return {
    connections: connections ? positiveInt(connections, 'connections') : DEFAULTS.connections,
    durationSeconds: duration ? positiveInt(duration, 'duration') : DEFAULTS.durationSeconds,
    warmupSeconds: warmup ? positiveInt(warmup, 'warmup') : DEFAULTS.warmupSeconds,
    processes: processes ? positiveInt(processes, 'processes') : DEFAULTS.processes,
    logLevel: level ? logLevel(level) : DEFAULTS.logLevel,
    only: only ? only.split(',').filter(Boolean) : DEFAULTS.only,
  };
}
