import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { StartFailure } from '../lifecycle/start-failure.ts';
import { EMBEDDED_LOG_FILE, PASSWORD, USER } from './embedded-settings.ts';
import type { PostgresBinaries } from './postgres-binaries.ts';

const run = promisify(execFile);

export interface Account {
  uid?: number;
  gid?: number;
}

/** PostgreSQL refuses to run as root: then it runs as the `postgres` account, created when missing. */
export async function postgresAccount(): Promise<Account> {
  if (process.getuid?.() !== 0) return {};
  const ids = async () => {
    const [uid, gid] = await Promise.all([run('id', ['-u', USER]), run('id', ['-g', USER])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await ids();
  } catch {
    // Another server may be creating it at the same moment: whoever fails, the account exists afterwards.
    await run('groupadd', [USER]).catch(() => undefined);
    await run('useradd', ['-g', USER, USER]).catch(() => undefined);
    return ids();
  }
}

function tail(text: string, lines = 8): string {
  return text.trim().split('\n').slice(-lines).join('\n');
}

/** Turns PostgreSQL's own words about a failed start into what the operator should do. */
export function explainPostgresFailure(what: string, output: string, dir: string): StartFailure {
  if (/No space left on device/.test(output)) {
    return new StartFailure(
      `the disk holding the embedded database (${dir}) is full (No space left on device).`,
      'Free some space on that disk and start again.',
    );
  }
  if (/Permission denied/.test(output)) {
    return new StartFailure(
      `the embedded PostgreSQL may not use ${dir} (Permission denied).`,
      'Give the user running Kippu (`postgres` when running as root) write access to it and access to its parent directories, or set EMBEDDED_PG_DIR to another directory.',
    );
  }
  if (/database files are incompatible with server/.test(output)) {
    return new StartFailure(
      `${dir} was created by another PostgreSQL version: ${tail(output, 2)}`,
      'Start the Kippu version that created it, or move the directory away and start again (a fresh one is created).',
    );
  }
  return new StartFailure(
    `${what} failed:\n${tail(output) || '(no output)'}`,
    `See ${join(dir, EMBEDDED_LOG_FILE)} for PostgreSQL's full output.`,
  );
}

/**
 * Creates the data directory unless it exists. initdb writes into a sibling directory that is then renamed
 * into place, so a server starting at the same moment sees either nothing or a complete directory; the
 * one that loses the rename uses the winner's.
 */
export async function initialiseDataDir(
  dir: string,
  binaries: PostgresBinaries,
  account: Account,
): Promise<void> {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  await mkdir(dirname(dir), { recursive: true });
  const staging = `${dir}.initdb-${randomBytes(4).toString('hex')}`;
  const passwordFile = join(tmpdir(), `kippu-pg-password-${randomBytes(6).toString('hex')}`);
  try {
    await mkdir(staging);
    await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
    if (account.uid !== undefined) {
      await chown(staging, account.uid, account.gid!);
      await chown(passwordFile, account.uid, account.gid!);
    }
    const output = await new Promise<{ code: number | null; text: string }>((resolveRun, reject) => {
      const child = spawn(
        binaries.initdb,
        [
          `--pgdata=${staging}`,
          '--auth=password',
          `--username=${USER}`,
          `--pwfile=${passwordFile}`,
          '--encoding=UTF8',
          // C: byte-order collation on every machine, and English messages we can recognise.
          '--locale=C',
        ],
        { ...account, env: { ...process.env, LC_ALL: 'C' } },
      );
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.once('error', reject);
      child.once('close', (code) => resolveRun({ code, text }));
    });
    if (output.code !== 0)
      throw explainPostgresFailure('initdb (creating the embedded database)', output.text, dir);
    try {
      await rename(staging, dir);
    } catch (error) {
      if (existsSync(join(dir, 'PG_VERSION'))) return; // another server created it first
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
      throw new StartFailure(
        `EMBEDDED_PG_DIR (${dir}) holds files but no PostgreSQL data directory.`,
        'Set EMBEDDED_PG_DIR to a new or empty directory, or empty that one.',
      );
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(passwordFile, { force: true });
  }
}
