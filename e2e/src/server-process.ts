import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../apps/server/src/db/embedded.ts';
import { REPO_ROOT } from './repo-root.ts';

const READY_PATH = '/borderless/api/v1/langs';
const READY_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 15_000;
/** Enough of the server's output to explain a failure without flooding the test report. */
const LOG_TAIL_CHARS = 8_000;

export interface RunningServer {
  baseUrl: string;
  /** The last lines the server wrote, for failure messages. */
  logTail(): string;
  stop(): Promise<void>;
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Kills the server's whole process group: the embedded PostgreSQL must not outlive it. */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // the group is already gone
  }
}

async function waitUntilReady(child: ChildProcess, baseUrl: string, logTail: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastAnswer = 'no answer yet';
  while (Date.now() < deadline) {
    if (hasExited(child)) {
      throw new Error(
        `The server exited (code ${child.exitCode}, signal ${child.signalCode}) before it was ready.\n${logTail()}`,
      );
    }
    try {
      const response = await fetch(baseUrl + READY_PATH, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) return;
      lastAnswer = `HTTP ${response.status}`;
    } catch (error) {
      lastAnswer = error instanceof Error ? error.message : String(error);
    }
    await sleep(250);
  }
  throw new Error(
    `GET ${READY_PATH} did not answer 200 within ${READY_TIMEOUT_MS / 1000} s (last: ${lastAnswer}).\n${logTail()}`,
  );
}

/**
 * Starts the real server (`node apps/server/dist/main.js`, built by global-setup) the way an operator would,
 * on a free port (or `port`: a restart on the address its pages were opened from), and waits until its
 * API answers.
 */
export async function startServer(
  extraEnv: Record<string, string>,
  { port: fixedPort }: { port?: number } = {},
): Promise<RunningServer> {
  const port = fixedPort ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: REPO_ROOT,
    // Its own process group, so a last-resort SIGKILL reaches the embedded PostgreSQL too.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      // As `npm start` runs it: development turns on the gateway simulator and the development mail
      // page, which the journeys use like a visitor trying the demo.
      NODE_ENV: 'development',
      KIPPU_ENV: 'development',
      // Mail links must come back to this server.
      PUBLIC_URL: baseUrl,
      // The browser stands behind a trusted proxy on loopback: each test's browser context is its own
      // visitor (fixtures.ts sets X-Forwarded-For), so per-client rate limits and hold caps apply per
      // visitor as in production, not to the whole suite at once.
      TRUST_PROXY: 'loopback',
      // The overload guard's event-loop signal (ADR 034) off: the suite shares a loaded CI machine with its
      // browsers, where a 40 ms lag is the test runner's doing, not visitors'. The guard has its own tests.
      OVERLOAD_READ_LAG_MS: '0',
      OVERLOAD_WRITE_LAG_MS: '0',
      LOG_LEVEL: 'warn',
      APP_SECRET: randomBytes(30).toString('base64url').slice(0, 40),
      HOST: '127.0.0.1',
      PORT: String(port),
      ...extraEnv,
    },
  });
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-LOG_TAIL_CHARS);
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  // If the test runner dies without teardown, still leave no server behind.
  const killOnExit = () => killGroup(child, 'SIGKILL');
  process.once('exit', killOnExit);
  const logTail = () => (log ? `--- server output (tail) ---\n${log}` : '(the server wrote nothing)');

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (!hasExited(child)) {
      // SIGTERM to the server only: it closes the app and then stops its embedded PostgreSQL itself.
      child.kill('SIGTERM');
      const graceful = await Promise.race([
        exited.then(() => true),
        sleep(STOP_GRACE_MS, undefined, { ref: false }).then(() => false),
      ]);
      if (!graceful) {
        console.warn(
          `[e2e] the server did not stop within ${STOP_GRACE_MS / 1000} s; killing it.\n${logTail()}`,
        );
        killGroup(child, 'SIGKILL');
        await exited;
      }
    }
    // Anything left in the group (an orphaned postgres) goes too.
    killGroup(child, 'SIGKILL');
  };

  try {
    await waitUntilReady(child, baseUrl, logTail);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, logTail, stop };
}
