import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../../apps/server/src/db/embedded.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const READY_TIMEOUT_MS = 60_000;

/** A compiled server process we can kill -9 (shared/server-process.ts only stops them politely). */
export interface KillableServer {
  baseUrl: string;
  /** SIGKILL, and wait until the process is gone. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

let built = false;

/** Compiles the server as `npm start` does, once per run. */
export function buildServerOnce(): void {
  if (built) return;
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/build.ts'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`the server build failed:\n${result.stderr}${result.stdout}`);
  built = true;
}

/**
 * The compiled server in production mode with the gateway simulator allowed (a demo's set-up), on
 * `databaseUrl`, with the reconciliation settings of the run in `env`.
 */
export async function startKillableServer(
  databaseUrl: string,
  env: Record<string, string>,
): Promise<KillableServer> {
  buildServerOnce();
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      APP_SECRET: randomBytes(32).toString('base64url'),
      SECRETS_KEY: randomBytes(32).toString('base64'),
      GATEWAY_SIMULATOR: 'on',
      ALLOW_SIMULATOR_IN_PRODUCTION: 'true',
      // The load generator stands in for a proxy in front of many visitors (X-Forwarded-For per order).
      TRUST_PROXY: 'loopback',
      ...env,
    },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const baseUrl = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (gone()) throw new Error(`the server exited before it was ready:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/demo/api/v1/langs`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await sleep(100);
  }
  return {
    baseUrl,
    async kill() {
      if (!gone()) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (gone()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
