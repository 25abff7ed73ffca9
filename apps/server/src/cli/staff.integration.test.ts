import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cloneTemplate } from '../../test/test-database.ts';
import { createDb, type Db } from '../db/client.ts';
import { acceptInvitation } from '../domain/staff/invitations.ts';
import { organisationByCode } from '../domain/staff/organisations.ts';
import { resolveSession } from '../domain/staff/sessions.ts';
import { signIn } from '../domain/staff/sign-in.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const ctx = {} as { db: Db; url: string };
let drop: (() => Promise<void>) | undefined;
beforeAll(async () => {
  const { adminUrl, template } = inject('testDatabase');
  const clone = await cloneTemplate(adminUrl, template);
  drop = clone.drop;
  ctx.url = clone.url;
  ctx.db = createDb(clone.url, 4);
});
afterAll(async () => {
  await ctx.db?.$client.end();
  await drop?.();
});

/** Runs `npm run staff -- ...` as an operator would (the script's command), on this file's database. */
function staffCommand(
  args: string[],
  stdin = '',
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/staff.ts', ...args], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: ctx.url,
        PUBLIC_URL: 'https://tickets.example',
        LOG_LEVEL: 'silent',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

const client = { address: '198.51.100.7', userAgent: 'vitest' };

describe('npm run staff -- create-owner', () => {
  it('makes the organisation and prints a one-time link that makes its first owner', async () => {
    const run = await staffCommand([
      'create-owner',
      '--email',
      'Founder@Venue.example',
      '--organisation',
      'new-venue',
      '--lang',
      'en',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const link = /https:\/\/tickets\.example\/console\/#\/invitation\/([\w-]+)/.exec(run.stdout);
    expect(link, run.stdout).not.toBeNull();
    const organisation = await organisationByCode(ctx.db, 'new-venue');
    expect(organisation).not.toBeNull();
    // The organisation has its copies of the seven role templates.
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM staff_roles WHERE organisation_id = ${organisation!.id} AND template_key IS NOT NULL`,
    );
    expect(rows[0]!.n).toBe(7);

    await acceptInvitation(ctx.db, { token: link![1]!, password: 'the founder picks a long one', client });
    const signedIn = await signIn(ctx.db, {
      email: 'founder@venue.example',
      password: 'the founder picks a long one',
      client,
    });
    // An owner's role asks for a second factor: the first sign-in goes to enrolment.
    expect(signedIn.kind).toBe('second-factor-enrolment-needed');
    if (signedIn.kind === 'refused') return;
    expect(await resolveSession(ctx.db, signedIn.session.cookieValue)).toMatchObject({
      roleTemplate: 'owner',
      organisationId: organisation!.id,
      allSites: true,
    });
  });

  it('reads the password from standard input, refusing one that breaks the rules', async () => {
    const weak = await staffCommand(
      ['create-owner', '--email', 'second@venue.example', '--organisation', 'new-venue', '--password-stdin'],
      'password\n',
    );
    expect(weak.code).toBe(1);
    expect(weak.stderr).toMatch(/at least 15 characters/);
    const strong = await staffCommand(
      ['create-owner', '--email', 'second@venue.example', '--organisation', 'new-venue', '--password-stdin'],
      'a second owner with a long phrase\n',
    );
    expect(strong.code, strong.stderr).toBe(0);
    expect(strong.stdout).toMatch(/second@venue\.example is an owner of new-venue \(existing organisation/);
    const signedIn = await signIn(ctx.db, {
      email: 'second@venue.example',
      password: 'a second owner with a long phrase',
      client,
    });
    expect(signedIn.kind).toBe('second-factor-enrolment-needed');
  });

  it('prints its usage, and fails on a usage error', async () => {
    const help = await staffCommand(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/create-owner --email/);
    const bad = await staffCommand(['create-owner', '--email', 'x@y.example']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/needs --email and --organisation/);
  });
});
