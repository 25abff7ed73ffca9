import type { TestProject } from 'vitest/node';
import { prepareTemplateDatabase } from './test-database.ts';

/**
 * Once per run: a PostgreSQL server (TEST_DATABASE_URL, else an embedded one), and a template database
 * migrated and seeded with the demo data. Each test file clones the template (fast) and drops its clone.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const prepared = await prepareTemplateDatabase();
  project.provide('testDatabase', { adminUrl: prepared.adminUrl, template: prepared.template });
  return prepared.teardown;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { adminUrl: string; template: string };
  }
}
