import { setTimeout as sleep } from 'node:timers/promises';
import { isRunning, parentPid, waitUntilGone } from '../lifecycle/processes.ts';
import { StartFailure } from '../lifecycle/start-failure.ts';
import { OWNER_SETTING, READY_TIMEOUT_MS, STOP_TIMEOUT_MS, maintenanceClient } from './embedded-settings.ts';
import { readPostmasterLock } from './postmaster-pid.ts';

type Owner = { reachable: false } | { reachable: true; ownerPid: number | undefined };

/** Asks a running postmaster which server process started it. */
async function askOwner(port: number): Promise<Owner> {
  const client = maintenanceClient(port, { connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch {
    return { reachable: false };
  }
  try {
    const { rows } = await client.query<{ owner: string | null }>(
      `SELECT current_setting('${OWNER_SETTING}', true) AS owner`,
    );
    const ownerPid = Number.parseInt(rows[0]?.owner ?? '', 10);
    return { reachable: true, ownerPid: Number.isNaN(ownerPid) ? undefined : ownerPid };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A server owns its postmaster while it lives: the postmaster is its child (a dead server's postmaster is
 * re-parented). Where the parent cannot be read, a live process with the owner's id has to do.
 */
async function ownerIsAlive(ownerPid: number, postmasterPid: number): Promise<boolean> {
  const parent = await parentPid(postmasterPid);
  if (parent !== undefined && parent !== ownerPid) return false;
  return isRunning(ownerPid);
}

async function stopOrphan(pid: number, dir: string): Promise<void> {
  // SIGINT is PostgreSQL's fast shutdown: open transactions roll back, a checkpoint is written.
  process.kill(pid, 'SIGINT');
  if (await waitUntilGone(pid, STOP_TIMEOUT_MS)) return;
  // SIGQUIT: immediate shutdown; the next start recovers from the WAL as after a crash.
  process.kill(pid, 'SIGQUIT');
  if (await waitUntilGone(pid, 10_000)) return;
  throw new StartFailure(
    `the PostgreSQL left running on ${dir} by a stopped Kippu server (pid ${pid}) does not stop.`,
    `Stop it by hand (kill -9 ${pid}) and start again.`,
  );
}

/**
 * Before starting, looks at whoever holds the data directory: nobody (or a stale lock file, which
 * PostgreSQL replaces itself); a live Kippu server (refused: the directory is in use); a postmaster whose
 * Kippu server died, e.g. by `kill -9` (stopped, so this start can proceed); or a PostgreSQL that Kippu did
 * not start (refused, we never stop what is not ours).
 */
export async function takeOverOrphan(dir: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const lock = await readPostmasterLock(dir);
    if (!lock || !(await isRunning(lock.pid))) return;
    // Only a ready postmaster answers; one starting or stopping is waited for.
    const owner = lock.status === 'ready' ? await askOwner(lock.port) : { reachable: false as const };
    if (owner.reachable && owner.ownerPid === undefined) {
      throw new StartFailure(
        `a PostgreSQL that Kippu did not start (pid ${lock.pid}, port ${lock.port}) is using ${dir}.`,
        `Stop it (kill -INT ${lock.pid}) or set EMBEDDED_PG_DIR to another directory.`,
      );
    }
    if (owner.reachable && owner.ownerPid !== undefined) {
      if (await ownerIsAlive(owner.ownerPid, lock.pid)) {
        throw new StartFailure(
          `the embedded database directory ${dir} is in use by another Kippu server (pid ${owner.ownerPid}).`,
          `Stop that server first (kill ${owner.ownerPid}), or give this one its own directory (EMBEDDED_PG_DIR) and PORT.`,
        );
      }
      await stopOrphan(lock.pid, dir);
      return;
    }
    if (Date.now() > deadline) {
      throw new StartFailure(
        `PostgreSQL (pid ${lock.pid}) holds ${dir} but did not answer on port ${lock.port} within ${READY_TIMEOUT_MS / 1000} s.`,
        `If no Kippu server uses this directory, stop that process (kill -INT ${lock.pid}) and start again.`,
      );
    }
    await sleep(200);
  }
}
