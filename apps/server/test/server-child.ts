import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../src/db/embedded.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const READY_PATH = '/borderless/api/v1/langs';
const READY_TIMEOUT_MS = 90_000;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * The real server (`node --import tsx apps/server/src/main.ts`) as a child process we can kill -9, signal
 * as a terminal would (its own process group) and watch fail. e2e/src/server-process.ts starts a server
 * for journeys and hides the process; these tests need the process itself.
 */
export interface ServerChild {
  pid: number;
  port: number;
  baseUrl: string;
  /** Everything the server printed so far. */
  output(): string;
  exited: Promise<Exit>;
  hasExited(): boolean;
  /** Resolves once the API answers 200; rejects when the server exits first or takes too long. */
  ready(): Promise<void>;
  /** Clean-up: SIGKILL to the server's process group, if still there. */
  kill(): void;
}

/**
 * Starts the server with `env` on top of a development set-up (hold sweeper on, no demo catalogue, the
 * overload guard's lag signal off).
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerChild> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const inherited = { ...process.env };
  // The test run's database settings must not leak into a server meant to start its own.
  delete inherited.DATABASE_URL;
  delete inherited.TEST_DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      // A production start needs an encryption key for site_secrets (ADR 071): a fresh one per server.
      SECRETS_KEY: randomBytes(32).toString('base64'),
      // The overload guard's event-loop-delay signal off (0): on a loaded CI machine a fresh process's loop
      // lags past its limit and the guard answered these tests' calls `503 server busy` (restarts, outage,
      // production secrets). These tests are about starts, stops and faults; the guard has tests of its own.
      OVERLOAD_READ_LAG_MS: '0',
      OVERLOAD_WRITE_LAG_MS: '0',
      ...env,
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;

  return {
    pid: child.pid!,
    port,
    baseUrl,
    output: () => output,
    exited,
    hasExited,
    async ready() {
      const deadline = Date.now() + READY_TIMEOUT_MS;
      while (Date.now() < deadline) {
        if (hasExited()) throw new Error(`the server exited before it was ready:\n${output}`);
        try {
          const response = await fetch(baseUrl + READY_PATH, { signal: AbortSignal.timeout(2000) });
          if (response.status === 200) return;
        } catch {
          // not listening yet
        }
        await sleep(200);
      }
      throw new Error(`the server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
    },
    kill() {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    },
  };
}
