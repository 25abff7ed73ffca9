import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** `/proc/<pid>/stat`, split after the command name (which may hold spaces and parentheses). */
async function procStat(pid: number): Promise<string[] | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/**
 * Whether a process with this id exists and has not exited. A zombie (exited, not yet reaped by a parent
 * that does not reap, as some container inits) counts as gone.
 */
export async function isRunning(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user (postgres, when we run as root).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = await procStat(pid);
  return stat?.[0] !== 'Z';
}

/** The parent of a process: from /proc on Linux, else from `ps`; undefined when neither can tell. */
export async function parentPid(pid: number): Promise<number | undefined> {
  const stat = await procStat(pid);
  if (stat) return Number(stat[1]);
  try {
    const { stdout } = await run('ps', ['-o', 'ppid=', '-p', String(pid)]);
    const ppid = Number.parseInt(stdout.trim(), 10);
    return Number.isNaN(ppid) ? undefined : ppid;
  } catch {
    return undefined;
  }
}

/** Resolves once the process is gone, or with false after `timeoutMs`. */
export async function waitUntilGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (await isRunning(pid)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}
