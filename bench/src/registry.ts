import { consoleHeatmap } from './console-heatmap/index.ts';
import { consoleSignIn } from './console-sign-in/index.ts';
import { crashCheckout } from './crash-checkout/index.ts';
import { exportBench } from './export/index.ts';
import { hotSlot } from './hot-slot/index.ts';
import { lighthouseBench } from './lighthouse/index.ts';
import { onSale } from './on-sale/index.ts';
import { overload } from './overload/index.ts';
import { rateLimitStore } from './rate-limit-store/index.ts';
import { readPath } from './read-path/index.ts';
import type { Benchmark } from './shared/benchmark.ts';

export type { Benchmark } from './shared/benchmark.ts';

/**
 * Every benchmark, in the order a bare `npm run bench` runs them.
 * Add one by creating bench/src/<name>/index.ts that exports a Benchmark and listing it here.
 */
export const BENCHMARKS: readonly Benchmark[] = [
  hotSlot,
  readPath,
  overload,
  onSale,
  lighthouseBench,
  crashCheckout,
  consoleSignIn,
  consoleHeatmap,
  exportBench,
  rateLimitStore,
];
