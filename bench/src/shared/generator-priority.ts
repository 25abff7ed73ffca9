import os from 'node:os';
import { option } from './args.ts';

/** How far the load generator's nice value goes below the servers' (0) by default: `--generator-nice=N`. */
const DEFAULT_GENERATOR_NICE = -10;

/** `--generator-nice=N` from a benchmark's arguments (default -10). */
export function generatorNiceOption(args: readonly string[]): number {
  const asked = option(args, 'generator-nice');
  const nice = asked === undefined ? DEFAULT_GENERATOR_NICE : Number(asked);
  if (!Number.isInteger(nice) || nice < -20 || nice > 19)
    throw new Error(`generator-nice must be an integer from -20 to 19, got "${asked}"`);
  return nice;
}

/**
 * The load generator stands in for visitors on other machines, yet shares the cores with the servers and
 * PostgreSQL; at the same priority the kernel makes it wait its turn behind them, and that wait is in every
 * latency it measures (its event loop's delay p99 100–250 ms under overload on two cores, 2026-11-30). Raised
 * above them, it answers its sockets when they are ready, and its measurements are the servers' latencies;
 * its CPU still comes from the same two cores. Called once the servers have started (children inherit the
 * nice value of the thread that spawns them) for the main thread only (Linux nice values are per thread).
 * `--generator-nice=0` measures the old way; without the right to raise it (not root, no CAP_SYS_NICE) it
 * stays where it is, and says so.
 */
export function prioritiseGenerator(nice: number): { nice: number; restore(): void } {
  const before = os.getPriority();
  if (nice === before) return { nice, restore: () => undefined };
  try {
    os.setPriority(nice);
  } catch {
    console.log(`  (the load generator could not take nice ${nice}: it runs at ${before}, like the servers)`);
    return { nice: before, restore: () => undefined };
  }
  return { nice, restore: () => os.setPriority(before) };
}
