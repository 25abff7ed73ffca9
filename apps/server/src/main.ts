import './lifecycle/early-tier-up.ts';
import { fileURLToPath } from 'node:url';
import { secretKeyring } from './config/secrets-key.ts';
import { reencryptSiteSecrets } from './domain/sites/site-secrets.ts';
import { loadEnv } from './config/env.ts';
import { embeddedDataDir, openDatabase, type OpenDatabase } from './database.ts';
import { buildApp, type App } from './app.ts';
import { startAcceptHelper, type AcceptHelper, type AcceptListeners } from './lifecycle/accept-listeners.ts';
import { installGracefulShutdown } from './lifecycle/graceful-shutdown.ts';
import {
  describeStartFailure,
  REMOVE_DEMO_DATA_COMMAND,
  repositoryDemoSecretsFailure,
  type StartContext,
} from './lifecycle/start-failure.ts';
import { demoSecretsFor } from './seed/demo-secrets.ts';
import {
  demoStaffFailure,
  demoStaffSignInLines,
  findDemoStaffWithPublishedSecrets,
} from './seed/demo-staff.ts';
import { consoleUrl } from './domain/staff/console-links.ts';
import { keepDemoWindowOpen, seedOnStart, wantsDemoData } from './seed/index.ts';
import { findRepositorySecrets } from './seed/repository-secrets.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

let context: StartContext = {};
let drainMs = 0;
let database: OpenDatabase | undefined;
let app: App | undefined;
let starting: Promise<void> = Promise.resolve();
/** The process that hands back the listening socket's extra descriptors (ADR 129), started with the start. */
let acceptHelper: AcceptHelper | undefined;
/** The listening socket's extra descriptors, closed with the server's own. */
let acceptListeners: AcceptListeners | undefined;

/**
 * A deeper accept queue than node's 511: in an on-sale rush thousands of visitors connect within seconds,
 * and while the event loop is busy a full queue resets new connections (the visitor loses its turn).
 * The kernel caps it at net.core.somaxconn.
 */
const LISTEN_BACKLOG = 4096;

/**
 * app.close() closes the keep-alive connections idle at that moment only; one whose request finishes
 * later would hold the shutdown until the client drops it. Close each as soon as it is idle.
 */
async function closeApp(server: App): Promise<void> {
  const closeIdle = setInterval(() => server.server.closeIdleConnections(), 100);
  try {
    await server.close();
  } finally {
    clearInterval(closeIdle);
  }
}

const log = (message: string) => (app ? app.log.info(message) : console.info(message));

const shutdown = installGracefulShutdown({
  log,
  async close() {
    // A signal during the start lets the start reach a state that can be closed.
    await starting.catch(() => undefined);
    acceptHelper?.cancel();
    // /readyz answers 503 at once; the server goes on answering for SHUTDOWN_DRAIN_MS, while load
    // balancers see it and send nothing new (ADR 099), and only then stops accepting connections.
    if (app) {
      app.readiness.beginDraining();
      if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    }
    // Stops accepting, finishes in-flight requests (those the extra descriptors accepted too), then runs the
    // onClose hooks that stop the workers.
    await Promise.all([acceptListeners?.close(), app ? closeApp(app) : undefined]);
    // Only then the pool and the embedded PostgreSQL.
    await database?.close();
  },
});

async function start(): Promise<void> {
  const env = loadEnv();
  drainMs = env.SHUTDOWN_DRAIN_MS;
  acceptHelper = startAcceptHelper(env.ACCEPT_LISTENERS);
  context = {
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : embeddedDataDir(env, REPO_ROOT),
  };
  database = await openDatabase(env, REPO_ROOT, {
    onEmbeddedExit: (reason) => {
      log(reason);
      shutdown.begin('the database stopped', 1);
    },
  });
  if (shutdown.started) return;
  const demo = wantsDemoData(env);
  const secrets = demoSecretsFor(env);
  // On the jobs' pool: a slow first start's seed must not meet a visitor's statement limit (ADR 046).
  await seedOnStart(database.jobs, { demo, secrets });
  // Site secrets not under SECRETS_KEY (plaintext rows from before 0880, values under a previous key) are
  // encrypted with it now (ADR 071); a value no configured key opens stops the start.
  const { reencrypted } = await reencryptSiteSecrets(database.jobs, secretKeyring(env));
  if (reencrypted > 0) log(`site secrets: ${reencrypted} value(s) encrypted with the current SECRETS_KEY`);
  if (env.NODE_ENV === 'production') {
    // After the seed, which never writes them in production: what is found came from an earlier start.
    const found = await findRepositorySecrets(database.db);
    if (found.length > 0) throw repositoryDemoSecretsFailure(found);
    // A database first started in development holds the demo staff with the published owner password and seed.
    const staff = await findDemoStaffWithPublishedSecrets(database.db);
    if (staff.length > 0) throw demoStaffFailure(staff);
  }
  // Every server process registers the reconciliation round, NODE_ENV=test too (crash tests run real
  // processes, ADR 047); as a recurring job it runs in one process at a time across all of them (ADR 057).
  app = await buildApp({
    env,
    db: database.db,
    gatewaySimulatorDb: database.gatewaySimulator,
    reads: database.reads,
    paymentReconciler: true,
  });
  const server = app;
  app.metrics.addPool('jobs', database.jobs.$client);
  if (demo && secrets === 'fresh') {
    // Said once per start, never with a secret: where an operator of a production demo finds them.
    app.log.info(
      `Demo data with fresh coupon codes, gate keys and member password (not the repository's): \`${REMOVE_DEMO_DATA_COMMAND} -- --dry-run\` lists the codes; make a gate key with \`npm run gate-key -- create --site <SITE> --label <label>\`.`,
    );
  }
  if (demo) {
    const demoWindow = keepDemoWindowOpen(database.jobs, (error) =>
      server.log.error({ err: error }, 'extending demo stock failed'),
    );
    // A worker like the others: closing the app waits for a run in flight.
    server.addHook('onClose', () => demoWindow.stop());
  }
  if (shutdown.started) return;
  await app.listen({ port: env.PORT, host: env.HOST, backlog: LISTEN_BACKLOG });
  acceptListeners = await acceptHelper.add(
    server.server,
    LISTEN_BACKLOG,
    (error) => server.log.error({ err: error }, 'an extra accept descriptor failed (ADR 129)'),
  ).catch((error: unknown) => {
    server.log.warn({ err: error }, 'accepting one new connection per event-loop turn (ADR 129)');
    return undefined;
  });
  app.log.info(
    `Kippu is running at http://localhost:${env.PORT}/borderless/ (${database.embedded ? 'embedded PostgreSQL' : 'DATABASE_URL'})`,
  );
  if (demo && secrets === 'repository') {
    app.log.info(
      `Console demo sign-ins (${consoleUrl(env, '/')}):\n  ${demoStaffSignInLines().join('\n  ')}`,
    );
  }
}

starting = start();
starting.catch(async (error: unknown) => {
  console.error(describeStartFailure(error, context));
  acceptHelper?.cancel();
  // Leave nothing running: an HTTP port taken after the embedded database started must not keep it.
  await app?.close().catch(() => undefined);
  await database?.close().catch(() => undefined);
  process.exit(1);
});
