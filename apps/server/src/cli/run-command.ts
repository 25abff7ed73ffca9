import { fileURLToPath } from 'node:url';
import { loadEnv, type Env } from '../config/env.ts';
import { openCliDatabase, type CliDatabase } from './cli-database.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * The operator commands' shared frame (`npm run gate-key`, `invite`, `import-members`, `spot-qr`,
 * `remove-demo-data`, `stuck-payments`). A command's `main` reads its arguments first (a usage error or
 * `--help` needs no database), then does its work inside `withCliDatabase`.
 */

/** Reads the environment, opens the server's database (cli-database.ts), runs `work` and closes it, always. */
export async function withCliDatabase<T>(work: (database: CliDatabase, env: Env) => Promise<T>): Promise<T> {
  const env = loadEnv();
  const database = await openCliDatabase(env, REPO_ROOT);
  try {
    return await work(database, env);
  } finally {
    await database.close();
  }
}

/**
 * Runs `main` with the command line's arguments and exits with the code it answers; a failure is printed on
 * stderr (as `explain` words it, else the error's message) and exits with 1.
 */
export function runCommand(
  main: (argv: string[]) => Promise<number>,
  explain: (error: unknown) => string | undefined = () => undefined,
): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(explain(error) ?? (error instanceof Error ? error.message : error));
      process.exit(1);
    },
  );
}
