import { BENCHMARKS, type Benchmark } from './registry.ts';

function usage(): string {
  const names = BENCHMARKS.map((b) => `  ${b.name.padEnd(12)} ${b.description}`).join('\n');
  return `usage: npm run bench [-- <name> [options]]\n\nbenchmarks:\n${names}\n\nWith no name every benchmark runs in turn.`;
}

/** `npm run bench -- hot-slot --capacity=500`: the first argument that is not an option names the benchmark. */
async function main(argv: string[]): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage());
    return;
  }
  const name = argv.find((arg) => !arg.startsWith('-'));
  const options = argv.filter((arg) => arg !== name);
  let selected: readonly Benchmark[] = BENCHMARKS;
  if (name) {
    const found = BENCHMARKS.find((b) => b.name === name);
    if (!found) throw new Error(`unknown benchmark "${name}"\n\n${usage()}`);
    selected = [found];
  }
  for (const benchmark of selected) {
    console.log(`\n== ${benchmark.name}: ${benchmark.description}`);
    await benchmark.run(options);
  }
}

main(process.argv.slice(2)).then(
  // Benchmarks may leave keep-alive sockets behind; the numbers are printed, so leave now.
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
