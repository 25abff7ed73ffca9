import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What a running PostgreSQL writes to `postmaster.pid` in its data directory (PostgreSQL 10 and later). */
export interface PostmasterLock {
  pid: number;
  port: number;
  /** `starting`, `stopping`, `ready` or `standby`; undefined while the postmaster is still writing it. */
  status: string | undefined;
}

/**
 * Reads the data directory's lock file; undefined when there is none (no postmaster, or one that stopped
 * cleanly) or when it is incomplete (a postmaster writing it right now).
 */
export async function readPostmasterLock(dataDir: string): Promise<PostmasterLock | undefined> {
  let text: string;
  try {
    text = await readFile(join(dataDir, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!(pid > 0) || !(port > 0)) return undefined;
  return { pid, port, status: lines[7]?.trim() || undefined };
}
