import { crashCheckout } from './crash-checkout/index.ts';
import { hotSlot } from './hot-slot/index.ts';
import { lighthouseBench } from './lighthouse/index.ts';
import { overload } from './overload/index.ts';
import { readPath } from './read-path/index.ts';

/** One benchmark: a name for `npm run bench -- <name>` and a run that prints its own numbers. */
export interface Benchmark {
  name: string;
  description: string;
  run(args: string[]): Promise<void>;
}

/**
 * Every benchmark, in the order a bare `npm run bench` runs them.
 * Add one by creating bench/src/<name>/index.ts that exports a Benchmark and listing it here.
 */
export const BENCHMARKS: readonly Benchmark[] = [hotSlot, readPath, overload, lighthouseBench, crashCheckout];
