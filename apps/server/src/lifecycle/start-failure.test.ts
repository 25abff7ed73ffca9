import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../config/env.ts';
import { explainPostgresFailure } from '../db/embedded-data-dir.ts';
import { describeStartFailure, repositoryDemoSecretsFailure, StartFailure } from './start-failure.ts';

/** The error Node gives when a port is taken, produced for real rather than written by hand. */
async function listenError(): Promise<Error> {
  const first = createServer();
  await new Promise<void>((resolve) => first.listen(0, '127.0.0.1', resolve));
  const { port } = first.address() as { port: number };
  const second = createServer();
  try {
    return await new Promise<Error>((resolve) => {
      second.once('error', resolve);
      second.listen(port, '127.0.0.1');
    });
  } finally {
    first.close();
  }
}

function errorWithCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('describeStartFailure', () => {
  it('names a taken HTTP port, the port and what to do', async () => {
    const error = await listenError();
    const port = (error as Error & { port: number }).port;
    const text = describeStartFailure(error, { port, host: '127.0.0.1' });
    expect(text).toContain(`port ${port} is already in use`);
    expect(text).toContain('What to do:');
    expect(text).toContain('PORT=');
  });

  it('tells a HOST that does not resolve from a database host that does not', () => {
    const lookup = (hostname: string) =>
      Object.assign(errorWithCode(`getaddrinfo ENOTFOUND ${hostname}`, 'ENOTFOUND'), {
        hostname,
        syscall: 'getaddrinfo',
      });
    const context = { host: 'web.invalid', databaseUrl: 'postgres://u@db.invalid:5432/kippu' };
    expect(describeStartFailure(lookup('web.invalid'), context)).toContain(
      'HOST web.invalid cannot be resolved',
    );
    expect(describeStartFailure(lookup('db.invalid'), context)).toContain(
      'the database host in DATABASE_URL (db.invalid:5432/kippu) cannot be resolved',
    );
  });

  it('explains invalid configuration with the variable that is wrong', () => {
    let error: unknown;
    try {
      loadEnv({ PORT: 'abc' });
    } catch (caught) {
      error = caught;
    }
    const text = describeStartFailure(error);
    expect(text).toMatch(/^Kippu could not start: Invalid configuration:\n {2}PORT: /);
    expect(text).toContain('What to do: Correct the variables named above');
  });

  it('reports a full disk from Node (ENOSPC) and from PostgreSQL (53100), also when wrapped', () => {
    const fromNode = describeStartFailure(errorWithCode('ENOSPC: no space left on device, write', 'ENOSPC'), {
      dataDir: '/data/pg',
    });
    expect(fromNode).toContain('the disk is full');
    expect(fromNode).toContain('/data/pg');
    const fromPostgres = new Error('migration 0001_foundation.sql failed: could not extend file', {
      cause: errorWithCode('could not extend file "base/16384/2619": No space left on device', '53100'),
    });
    expect(
      describeStartFailure(fromPostgres, { databaseUrl: 'postgres://u:secret@db.example:5433/kippu' }),
    ).toContain('Free some space on the disk holding the database server');
  });

  it("turns PostgreSQL's own disk-full line into a StartFailure (text from a real full tmpfs)", () => {
    const failure = explainPostgresFailure(
      'starting the embedded PostgreSQL (exit code 1)',
      '2026-11-23 12:20:36.590 UTC [12200] FATAL:  could not write lock file "postmaster.pid": No space left on device\n',
      '/data/pg',
    );
    expect(describeStartFailure(failure)).toBe(
      'Kippu could not start: the disk holding the embedded database (/data/pg) is full (No space left on device).\n' +
        'What to do: Free some space on that disk and start again.',
    );
  });

  it('names an unreachable or missing DATABASE_URL database without printing its password', () => {
    const context = { databaseUrl: 'postgres://kippu:s3cret@db.example:5433/kippu' };
    const refused = describeStartFailure(errorWithCode('', 'ECONNREFUSED'), context);
    expect(refused).toContain('the database at db.example:5433/kippu does not answer (ECONNREFUSED)');
    expect(refused).not.toContain('s3cret');
    expect(
      describeStartFailure(errorWithCode('database "kippu" does not exist', '3D000'), context),
    ).toContain('does not exist');
  });

  it('prints a StartFailure as problem and remedy', () => {
    const text = describeStartFailure(new StartFailure('the directory is in use.', 'Stop the other server.'));
    expect(text).toBe('Kippu could not start: the directory is in use.\nWhat to do: Stop the other server.');
  });

  it('never prints a bare "undefined": a rejection without a value, a non-error and an empty error', () => {
    for (const value of [undefined, null, { reason: 'odd' }, new Error('')]) {
      const text = describeStartFailure(value);
      expect(text.split('\n')[0]).toMatch(/^Kippu could not start: \S/);
      expect(text.split('\n')[0]).not.toMatch(/: undefined$/);
      expect(text).toContain('What to do:');
    }
  });

  it('names the repository demo secrets by kind, with a few examples, and the command that removes them', () => {
    const keys = ['BORDERLESS', 'DEMO', 'IZURA', 'MORI'].map((site, i) => ({
      table: 'gate_keys',
      site,
      what: `gate key ${i + 1} "Demo gate"`,
    }));
    const text = describeStartFailure(
      repositoryDemoSecretsFailure([...keys, { table: 'coupons', site: 'DEMO', what: 'coupon DEMO-FREE' }]),
    );
    expect(text).toContain('4 gate key(s) with the public demo key (BORDERLESS gate key 1 "Demo gate", DEMO');
    expect(text).toContain('IZURA gate key 3 "Demo gate", ...)');
    expect(text).not.toContain('MORI');
    expect(text).toContain('1 coupon(s) with documented demo codes (DEMO coupon DEMO-FREE)');
    expect(text).not.toContain('member(s)');
    expect(text).toMatch(/\nWhat to do: Remove the demo data: `npm run remove-demo-data -- --dry-run`/);
  });
});
