import { fileURLToPath } from 'node:url';
import { loadEnv } from './config/env.ts';
import { openDatabase } from './database.ts';
import { buildApp } from './app.ts';
import { keepDemoWindowOpen, seedOnStart, wantsDemoData } from './seed/index.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

async function main(): Promise<void> {
  const env = loadEnv();
  const database = await openDatabase(env, REPO_ROOT);
  const demo = wantsDemoData(env);
  await seedOnStart(database.db, { demo });
  const app = await buildApp({ env, db: database.db });
  const stopDemoWindow = demo
    ? keepDemoWindowOpen(database.db, (error) => app.log.error({ err: error }, 'extending demo stock failed'))
    : () => undefined;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: stopping`);
    stopDemoWindow();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(
    `Kippu is running at http://localhost:${env.PORT}/borderless/ (${database.embedded ? 'embedded PostgreSQL' : 'DATABASE_URL'})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
