import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../apps/server/src/db/embedded.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** BENCH_START_TIMEOUT_MS raises it on a machine busy with other work (a start took minutes at a load of 40). */
const START_TIMEOUT_MS = Number(process.env.BENCH_START_TIMEOUT_MS ?? 60_000);

export interface ServerProcess {
  baseUrl: string;
  stop(): Promise<void>;
  /** Resident set size of the server process in bytes (Linux /proc), undefined where unknown. */
  rssBytes(): number | undefined;
  /** CPU time the process has used so far (user + system, ms; Linux /proc), undefined where unknown. */
  cpuMs(): number | undefined;
  /** The server's process id (the export benchmark reads its peak RSS, VmHWM). */
  pid?: number;
}

/** Clock ticks per second of /proc/<pid>/stat's times (`getconf CLK_TCK`; 100 on Linux). */
let ticksPerSecond: number | undefined;

/**
 * CPU time (user + system) of a process in ms. On a shared machine throughput moves with whatever else runs,
 * while the CPU one request costs the server barely does (ADR 098): read-path prints both.
 */
export function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    ticksPerSecond ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
    // Fields after the command name (which may hold spaces, so split after its closing parenthesis):
    // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after the name.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

function rssOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/** Keeps the last lines the server printed, to explain a failed start. */
function tail(child: ChildProcess): () => string {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 40));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => lines.join('\n');
}

/**
 * Spawns `node <args>` from the repository root, listening on `port`, and waits until it answers HTTP
 * (any status). The child's last output lines explain a failed start. With `stdoutFile` its standard
 * output is appended to that file instead (a log at `info` under load: a pipe read by the benchmark's own
 * process would take CPU from the load generator; a file is where production's log goes).
 */
export async function startHttpChild(
  args: readonly string[],
  port: number,
  env: NodeJS.ProcessEnv = {},
  stdoutFile?: string,
): Promise<ServerProcess> {
  const fd = stdoutFile === undefined ? undefined : openSync(stdoutFile, 'a');
  const child = spawn(process.execPath, [...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', fd ?? 'pipe', 'pipe'],
  });
  // The child holds its own copy of the descriptor.
  if (fd !== undefined) closeSync(fd);
  const output = tail(child);
  const exited = once(child, 'exit');
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      // Any answer means it listens; the status does not matter.
      await fetch(`${baseUrl}/`, { redirect: 'manual', signal: AbortSignal.timeout(1000) });
      return {
        baseUrl,
        stop,
        rssBytes: () => rssOf(child.pid),
        cpuMs: () => cpuMsOf(child.pid),
        pid: child.pid,
      };
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  await stop();
  throw new Error(`server did not answer within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

export interface ServerOptions {
  /** Load the demo catalogue of every site on start (the read-path benchmark reads it); default false. */
  seedDemoData?: boolean;
  /** More environment for the server (e.g. the gateway simulator for the lighthouse benchmark). */
  env?: NodeJS.ProcessEnv;
  /** Append the server's standard output (its log) to this file instead of reading it (startHttpChild). */
  logFile?: string;
}

let serverBuilt = false;

/**
 * Compiles the server as `npm start` does (apps/server/build.ts, under a second), once per benchmark run, so
 * the run measures this code.
 */
function buildServer(): void {
  if (serverBuilt) return;
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/build.ts'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`the server build failed:\n${built.stderr}${built.stdout}`);
  serverBuilt = true;
}

/**
 * The real server, as production runs it (compiled, NODE_ENV=production, no demo data unless asked), in its
 * own process.
 */
export async function startServer(databaseUrl: string, options: ServerOptions = {}): Promise<ServerProcess> {
  buildServer();
  const port = await freePort();
  // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server under load.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return startHttpChild(
    [...nodeArgs, 'apps/server/dist/main.js'],
    port,
    {
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO_DATA: String(options.seedDemoData ?? false),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      APP_SECRET: randomBytes(32).toString('base64url'),
      SECRETS_KEY: randomBytes(32).toString('base64'),
      // The load generators stand in for a proxy in front of many visitors (X-Forwarded-For per request).
      TRUST_PROXY: 'loopback',
      // The benchmarks of the order path measure holds, not admission: a hot slot would otherwise engage an
      // automatic waiting room (ADR 095) and answer `409 waiting room required`. on-sale turns it back on.
      WAITING_ROOM_AUTOMATIC: 'off',
      ...options.env,
    },
    options.logFile,
  );
}

/**
 * `count` servers on one database (docs/scaling.md: stateless processes behind a balancer), started one
 * after the other; only the first loads the demo catalogue (it is there for the others). A failed start
 * stops the ones already running.
 */
export async function startServers(
  databaseUrl: string,
  count: number,
  options: ServerOptions = {},
): Promise<ServerProcess[]> {
  const servers: ServerProcess[] = [];
  // One deployment's secrets: a token or cookie one process signed must verify on the others (the
  // waiting room's place, the visitor id), as behind a balancer.
  const env = {
    APP_SECRET: randomBytes(32).toString('base64url'),
    SECRETS_KEY: randomBytes(32).toString('base64'),
    ...options.env,
  };
  try {
    while (servers.length < count) {
      const first = servers.length === 0;
      servers.push(
        await startServer(databaseUrl, { ...options, env, seedDemoData: first && options.seedDemoData }),
      );
    }
    return servers;
  } catch (error) {
    for (const server of servers) await server.stop();
    throw error;
  }
}

export async function stopServers(servers: readonly ServerProcess[]): Promise<void> {
  await Promise.all(servers.map((server) => server.stop()));
}
