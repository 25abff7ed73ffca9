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
}

const DEFAULTS: ReadPathConfig = { connections: 50, durationSeconds: 5, warmupSeconds: 1, processes: 1 };

/**
 * `--connections=50 --duration=5 --warmup=1`, or BENCH_CONNECTIONS, BENCH_DURATION, BENCH_WARMUP.
 * Arguments win over the environment.
 */
export function readPathConfig(args: string[], env: NodeJS.ProcessEnv = process.env): ReadPathConfig {
  const connections = option(args, 'connections') ?? env.BENCH_CONNECTIONS;
  const duration = option(args, 'duration') ?? env.BENCH_DURATION;
  const warmup = option(args, 'warmup') ?? env.BENCH_WARMUP;
  const processes = option(args, 'processes') ?? env.BENCH_PROCESSES;
  return {
    connections: connections ? positiveInt(connections, 'connections') : DEFAULTS.connections,
    durationSeconds: duration ? positiveInt(duration, 'duration') : DEFAULTS.durationSeconds,
    warmupSeconds: warmup ? positiveInt(warmup, 'warmup') : DEFAULTS.warmupSeconds,
    processes: processes ? positiveInt(processes, 'processes') : DEFAULTS.processes,
  };
}
