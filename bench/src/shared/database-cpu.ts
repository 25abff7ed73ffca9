import { readdirSync, readFileSync } from 'node:fs';
import type pg from 'pg';

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres');
  } catch {
    return false;
  }
}

/**
 * CPU time (user + system, ms) PostgreSQL has used so far when it runs on this machine: its postmaster's
 * own and that of its children, live (every backend, the writers) or ended (reaped into the postmaster's
 * cutime/cstime). Differences between two readings are what a run cost the database server, every database
 * on it (on a quiet machine, the bench's own), which, unlike throughput, other work on the machine does not
 * move (ADR 098). Undefined for a database elsewhere.
 */
export async function databaseCpuReader(pool: pg.Pool): Promise<(() => number) | undefined> {
  const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  // The backend's pid names a local process only when the database runs here (a remote one's pid may be
  // any local process's): it must be a postgres process.
  const backend = rows[0]!.pid;
  if (!isPostgres(backend)) return undefined;
  const postmaster = Number(statFields(backend)?.[1]);
  if (!Number.isInteger(postmaster) || postmaster <= 1 || !isPostgres(postmaster)) return undefined;
  return () => {
    const own = statFields(postmaster);
    if (!own) return Number.NaN;
    // utime, stime, cutime, cstime: the 12th to 15th fields after the command name.
    let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const fields = statFields(Number(entry));
      if (fields && Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
    }
    return (ticks * 1000) / TICKS_PER_SECOND;
  };
}
