import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDemoData } from '../src/seed/remove-demo-data.ts';
import { setupTestApp } from './helper.ts';
import { spawnServer, type ServerChild } from './server-child.ts';

/**
 * A database first started in development holds the demo staff (published owner password and TOTP seed);
 * a production start on it must refuse until `remove-demo-data` took them away (real server processes).
 * The other repository secrets are made harmless first, so the staff alone decide the start.
 */
const ctx = setupTestApp();
const APP_SECRET = randomBytes(48).toString('base64url');
const servers: ServerChild[] = [];
afterAll(() => servers.forEach((server) => server.kill()));

async function production(): Promise<ServerChild> {
  const server = await spawnServer({
    DATABASE_URL: ctx.env.DATABASE_URL!,
    NODE_ENV: 'production',
    GATEWAY_SIMULATOR: 'off',
    LOG_LEVEL: 'info',
    APP_SECRET,
  });
  servers.push(server);
  return server;
}

describe('a production start on a database with the demo staff', () => {
  it('refuses while demo staff keep the published password or seed; after remove-demo-data it starts', async () => {
    await ctx.db.$client.query(`UPDATE gate_keys SET revoked_at = now()`);
    await ctx.db.$client.query(`UPDATE coupons SET is_demo = false WHERE is_demo`);
    await ctx.db.$client.query(`UPDATE members SET is_demo = false WHERE is_demo`);
    const refused = await production();
    expect((await refused.exited).code).toBe(1);
    const output = refused.output();
    expect(output).toContain("staff member(s) still sign in to the console with the repository's published");
    expect(output).toContain('owner@demo.kippu.test (password)');
    expect(output).toContain('`npm run remove-demo-data`');

    const done = await removeDemoData(ctx.db, { dryRun: false });
    expect(done).toContainEqual(
      expect.objectContaining({
        row: expect.stringMatching(/^staff owner@demo\.kippu\.test \(id \d+\)$/),
        action: 'memberships, sessions, password and TOTP seed removed',
      }),
    );
    const { rows } = await ctx.db.$client.query<{ members: number; keys: number; open: number }>(
      `SELECT (SELECT count(*)::int FROM staff_memberships m JOIN staff st ON st.id = m.staff_id WHERE st.is_demo) AS members,
              (SELECT count(*)::int FROM staff WHERE is_demo AND (password_hash IS NOT NULL OR totp_secret IS NOT NULL)) AS keys,
              (SELECT count(*)::int FROM staff_sessions s JOIN staff st ON st.id = s.staff_id
                 WHERE st.is_demo AND s.ended_at IS NULL) AS open`,
    );
    expect(rows[0]).toEqual({ members: 0, keys: 0, open: 0 });

    const started = await production();
    await started.ready();
    started.kill();
  }, 120_000);
});
