import { resolve } from 'node:path';
import { simulatorEnabled, type Env } from './config/env.ts';
import { createDb, type Db } from './db/client.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { migrate } from './db/migrate.ts';
import { createReadPool, primaryReads, type ReadPool } from './db/read-pool.ts';
import { timeoutsOf } from './db/timeouts.ts';
import { loadGatewaySimulator } from './payments/gateway-simulator.ts';

export interface OpenDatabase {
  db: Db;
  /**
   * A second, small pool for the long background jobs (ADR 046): the start-up seed and the demo stock
   * window. The seed's steps take a Db and open their own transactions, so the longer statement limit is
   * this pool's own: DATABASE_JOB_STATEMENT_TIMEOUT_MS instead of a visitor's, same connect and idle limits.
   */
  jobs: Db;
  /**
   * The gateway simulator's own small pool (ADR 017, 046, 060), named `kippu-gateway-simulator` in
   * pg_stat_activity: it stands for another company's server, so its connections are not the product's
   * (a fault test cuts the product's backends, not the simulated gateway's). It migrates the simulator's
   * schema while GATEWAY_SIMULATOR is on, else opens nothing.
   */
  gatewaySimulator: Db;
  /**
   * Where catalogue and site reads go (ADR 097): a pool on DATABASE_READ_URL (a streaming replica, as many
   * connections as DATABASE_POOL_SIZE) that falls back to `db` while the replica is away; without it, `db`.
   */
  reads: ReadPool;
  embedded: boolean;
  close(): Promise<void>;
}

/** The gateway simulator pool's application_name. */
export const GATEWAY_SIMULATOR_APPLICATION = 'kippu-gateway-simulator';

export interface OpenDatabaseOptions {
  /** Told when the embedded PostgreSQL stops without being asked to: the server cannot go on. */
  onEmbeddedExit?: (reason: string) => void;
}

/** Where the embedded PostgreSQL keeps its data (EMBEDDED_PG_DIR is relative to the repository). */
export function embeddedDataDir(env: Env, repoRoot: string): string {
  return resolve(repoRoot, env.EMBEDDED_PG_DIR);
}

/**
 * The simulator's schema first (ADR 060), only while it is on: its first migration moves the tables an
 * older server kept in public, with their rows, before the server's 0760 drops what is left there.
 */
export async function migrateAll(env: Env, db: Db, gatewaySimulator: Db): Promise<void> {
  if (simulatorEnabled(env)) {
    const simulator = await loadGatewaySimulator();
    await simulator.migrateGatewaySimulator(gatewaySimulator.$client);
  }
  await migrate(db.$client);
}

/** DATABASE_URL when set; otherwise an embedded PostgreSQL in EMBEDDED_PG_DIR. Migrations run either way. */
export async function openDatabase(
  env: Env,
  repoRoot: string,
  options: OpenDatabaseOptions = {},
): Promise<OpenDatabase> {
  const embedded = env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres(embeddedDataDir(env, repoRoot), {
        persistent: true,
        onUnexpectedExit: options.onEmbeddedExit,
      });
  const url = env.DATABASE_URL ?? embedded!.url;
  const namedStatements = env.DATABASE_PREPARED_STATEMENTS === 'on';
  const db = createDb(url, env.DATABASE_POOL_SIZE, timeoutsOf(env), { namedStatements });
  // Two connections: the seed and the demo window run one statement at a time.
  const jobs = createDb(
    url,
    2,
    { ...timeoutsOf(env), statementMs: env.DATABASE_JOB_STATEMENT_TIMEOUT_MS },
    { namedStatements },
  );
  const gatewaySimulator = createDb(url, 4, timeoutsOf(env), {
    applicationName: GATEWAY_SIMULATOR_APPLICATION,
    namedStatements,
  });
  const reads = env.DATABASE_READ_URL
    ? createReadPool(db, env.DATABASE_READ_URL, env.DATABASE_POOL_SIZE, timeoutsOf(env), namedStatements)
    : primaryReads(db);
  const close = async () => {
    // Each step whatever the one before did: a pool that fails to end must not keep the database running.
    const ended = await Promise.allSettled([
      ...[db, jobs, gatewaySimulator].map((pool) => pool.$client.end()),
      reads.close(),
    ]);
    await embedded?.stop();
    const failed = ended.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  };
  try {
    await migrateAll(env, db, gatewaySimulator);
  } catch (error) {
    await close();
    throw error;
  }
  return { db, jobs, gatewaySimulator, reads, embedded: embedded !== undefined, close };
}
