import type { BenchDatabase } from './bench-database.ts';
import { databaseCpuReader } from './database-cpu.ts';
import type { ServerProcess } from './server-process.ts';

/** CPU (user + system, ms) each party on the shared cores has used since the meter started. */
export interface CpuSpent {
  /** The load generator: this process. */
  generatorMs: number;
  /** Each server, in order; undefined where its CPU cannot be read (no /proc). */
  serversMs: (number | undefined)[];
  /** PostgreSQL, every backend (database-cpu.ts); undefined for a database on another machine. */
  databaseMs: number | undefined;
  /** Wall time since the meter started. */
  elapsedMs: number;
}

/**
 * Starts measuring who uses the cores a benchmark shares: the load generator, the servers, PostgreSQL.
 * Unlike throughput, CPU per request barely moves with other work on the machine (ADR 098). The answer
 * reads what was spent so far each time it is called.
 */
export async function startCpuMeter(
  servers: readonly ServerProcess[],
  database: BenchDatabase,
): Promise<() => CpuSpent> {
  const readDatabase = await databaseCpuReader(database.pool);
  const databaseBefore = readDatabase?.();
  const serversBefore = servers.map((server) => server.cpuMs());
  const generatorBefore = process.cpuUsage();
  const started = performance.now();
  return () => {
    const generator = process.cpuUsage(generatorBefore);
    return {
      generatorMs: (generator.user + generator.system) / 1000,
      serversMs: servers.map((server, i) => {
        const now = server.cpuMs();
        const before = serversBefore[i];
        return now === undefined || before === undefined ? undefined : now - before;
      }),
      databaseMs: readDatabase && databaseBefore !== undefined ? readDatabase() - databaseBefore : undefined,
      elapsedMs: performance.now() - started,
    };
  };
}
