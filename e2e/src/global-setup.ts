import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createE2eDatabase } from './e2e-database.ts';
import { startServer } from './server-process.ts';
import { buildProduct } from './product-build.ts';
import { REPO_ROOT } from './repo-root.ts';

/**
 * Once per run: build the web app and the server, start the real server on its own database, and hand its
 * URL to the tests. Locally E2E_SKIP_BUILD=1 reuses the last build to iterate faster; CI always builds.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.E2E_SKIP_BUILD === '1' && process.env.CI !== 'true') {
    if (!existsSync(join(REPO_ROOT, 'apps/server/dist/main.js')))
      throw new Error('E2E_SKIP_BUILD=1 but apps/server/dist/main.js is missing: run `npm run build` once');
    console.info('[e2e] E2E_SKIP_BUILD=1: using the existing apps/web/dist and apps/server/dist');
  } else {
    await buildProduct();
  }
  const database = await createE2eDatabase();
  let server;
  try {
    server = await startServer(database.env);
  } catch (error) {
    await database.remove();
    throw error;
  }
  console.info(`[e2e] server at ${server.baseUrl} (${database.describe})`);
  project.provide('e2eBaseUrl', server.baseUrl);
  project.provide('e2eDatabaseUrl', database.url);
  return async () => {
    await server.stop();
    await database.remove();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the server under test, e.g. http://127.0.0.1:41234 (no trailing slash). */
    e2eBaseUrl: string;
    /** The server's database, for journeys that must age a row (a hold running out). */
    e2eDatabaseUrl: string;
  }
}
