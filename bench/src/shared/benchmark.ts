// Below the registry and the benchmarks both: the registry lists the benchmarks, so they take this type from
// here, not from the registry (ADR 062: no import cycles, type-only ones too).
/** One benchmark: a name for `npm run bench -- <name>` and a run that prints its own numbers. */
export interface Benchmark {
  name: string;
  description: string;
  run(args: string[]): Promise<void>;
}
