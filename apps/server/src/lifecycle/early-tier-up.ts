import { setFlagsFromString } from 'node:v8';

/**
 * V8 optimises a function once it has used up an "interrupt budget" of executed bytecode (67,584 by default
 * in Node 20). A process that has not yet been through a rush runs the waiting room's and the order path's
 * code unoptimised for its first seconds of one: on a two-core machine the first five seconds of
 * `npm run bench -- on-sale` answered admitted visitors at p90 400–950 ms and the last five at 40–60 ms,
 * under the same load. An eighth of the budget optimises hot code sooner (the compiler works on a
 * background thread); figures in ADR 120 and docs/benchmarks.md.
 *
 * Imported first by main.ts, before the modules whose functions it should cover are evaluated. A budget the
 * operator gives on the command line (`node --interrupt-budget=N`) wins.
 */
const EARLY_TIER_UP_BUDGET = 8000;

if (!process.execArgv.some((arg) => arg.startsWith('--interrupt-budget'))) {
  setFlagsFromString(`--interrupt-budget=${EARLY_TIER_UP_BUDGET}`);
}
