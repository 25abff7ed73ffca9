import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { createDb, type Db } from '../db/client.ts';
import { databaseUrl } from '../db/database-url.ts';
import { migrate } from '../db/migrate.ts';
import { hashGateKey } from '../domain/check-ins/gate-keys.ts';
import { verifyPassword } from '../domain/membership/password-hash.ts';
import { repositoryDemoSecretsFailure } from '../lifecycle/start-failure.ts';
import { setupTestApp } from '../../test/helper.ts';
import { orderBody, postOrder, productWithSlot } from '../../test/order-support.ts';
import { REPOSITORY_COUPON_CODES, SITE_WELCOME_CODES } from './demo-coupons.ts';
import { DEMO_GATE_KEY } from './demo-gate-keys.ts';
import { DEMO_MEMBER } from './demo-members.ts';
import { seedOnStart } from './index.ts';
import { removeDemoData } from './remove-demo-data.ts';
import { findRepositorySecrets } from './repository-secrets.ts';

const DEMO_TABLES = [
  'products',
  'set_products',
  'coupons',
  'coupon_campaigns',
  'gate_keys',
  'members',
  'membership_promotions',
];
const REPOSITORY_CODES = new Set(REPOSITORY_COUPON_CODES.map((c) => `${c.site}|${c.code}`));

async function demoCounts(db: Db): Promise<Record<string, { demo: number; other: number }>> {
  const counts: Record<string, { demo: number; other: number }> = {};
  for (const table of DEMO_TABLES) {
    const { rows } = await db.$client.query<{ demo: number; other: number }>(
      `SELECT count(*) FILTER (WHERE is_demo)::int AS demo, count(*) FILTER (WHERE NOT is_demo)::int AS other FROM ${table}`,
    );
    counts[table] = rows[0]!;
  }
  return counts;
}

/** A fresh, migrated database of its own (no template: it must start without demo data). */
function freshDatabase(): { db: () => Db } {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const { adminUrl } = inject('testDatabase');
    const name = `kippu_demo_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    db = createDb(databaseUrl(adminUrl, name), 2);
    drop = async () => {
      await db.$client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
    await migrate(db.$client);
  });
  afterAll(() => drop?.());
  return { db: () => db };
}

describe('an explicit production demo (SEED_DEMO_DATA=true, NODE_ENV=production; ADR 048)', () => {
  const fresh = freshDatabase();

  it('seeds the demo with fresh coupon codes, gate keys and member password, every row marked demo', async () => {
    const db = fresh.db();
    await seedOnStart(db, { demo: true, secrets: 'fresh' });
    const counts = await demoCounts(db);
    for (const table of DEMO_TABLES) {
      expect(counts[table]!.demo, table).toBeGreaterThan(0);
      expect(counts[table]!.other, table).toBe(0);
    }
    const coupons = await db.$client.query<{ site_code: string; code: string }>(
      'SELECT site_code, code FROM coupons',
    );
    expect(coupons.rows).toHaveLength(REPOSITORY_CODES.size);
    for (const { site_code, code } of coupons.rows) {
      expect(REPOSITORY_CODES.has(`${site_code}|${code}`), code).toBe(false);
      expect(code).toMatch(/^[A-Z0-9-]+-[A-Z2-9]{10}$/);
    }
    const keys = await db.$client.query<{ key_hash: string }>('SELECT DISTINCT key_hash FROM gate_keys');
    expect(keys.rows.map((k) => k.key_hash)).not.toContain(hashGateKey(DEMO_GATE_KEY));
    // One fresh key per site, none shared.
    expect(keys.rows).toHaveLength(counts.gate_keys!.demo);
    const member = await db.$client.query<{ password_hash: string }>(
      'SELECT password_hash FROM members WHERE email = $1',
      [DEMO_MEMBER.email],
    );
    expect(await verifyPassword(DEMO_MEMBER.password, member.rows[0]!.password_hash)).toBe(false);
    expect(await findRepositorySecrets(db)).toEqual([]);
  });

  it('a restart adds no second set of codes or keys', async () => {
    const db = fresh.db();
    const before = await demoCounts(db);
    const codes = await db.$client.query('SELECT code FROM coupons ORDER BY code');
    await seedOnStart(db, { demo: true, secrets: 'fresh' });
    expect(await demoCounts(db)).toEqual(before);
    expect((await db.$client.query('SELECT code FROM coupons ORDER BY code')).rows).toEqual(codes.rows);
  });
});

describe('production without SEED_DEMO_DATA', () => {
  const fresh = freshDatabase();

  it('has no demo rows at all', async () => {
    const db = fresh.db();
    await seedOnStart(db, { demo: false, secrets: 'fresh' });
    for (const [table, count] of Object.entries(await demoCounts(db))) {
      expect(count, table).toEqual({ demo: 0, other: 0 });
    }
  });
});

describe('the development demo (the repository secrets) and removing it', () => {
  const ctx = setupTestApp();

  it('marks what the development seed wrote as demo, and finds its repository secrets', async () => {
    const counts = await demoCounts(ctx.db);
    for (const table of DEMO_TABLES) expect(counts[table]!.demo, table).toBeGreaterThan(0);
    const found = await findRepositorySecrets(ctx.db);
    const sites = (await ctx.db.$client.query('SELECT code FROM sites')).rowCount!;
    expect(found.filter((f) => f.table === 'gate_keys')).toHaveLength(sites);
    expect(found.filter((f) => f.table === 'members').map((f) => f.what)).toEqual([
      `member ${DEMO_MEMBER.email}`,
    ]);
    // Every enabled demo code (DEMO-OFF is disabled: it opens nothing).
    const coupons = found.filter((f) => f.table === 'coupons').map((f) => f.what);
    expect(coupons).toContain('coupon DEMO-FREE');
    expect(coupons).not.toContain('coupon DEMO-OFF');
  });

  it('ignores a staff coupon that happens to use a demo code: only demo rows count', async () => {
    await ctx.db.$client.query(
      `UPDATE coupons SET is_demo = false WHERE site_code = 'BORDERLESS' AND code = 'WELCOME10'`,
    );
    const found = await findRepositorySecrets(ctx.db);
    expect(found.map((f) => f.what)).not.toContain('coupon WELCOME10');
    await ctx.db.$client.query(
      `UPDATE coupons SET is_demo = true WHERE site_code = 'BORDERLESS' AND code = 'WELCOME10'`,
    );
  });

  it('finds a gate key carrying the public demo key whatever its is_demo flag; a revoked one opens nothing', async () => {
    const db = ctx.db;
    const { rows } = await db.$client.query<{ id: string }>(
      `UPDATE gate_keys SET is_demo = false, label = 'North entrance'
       WHERE site_code = 'BORDERLESS' AND key_hash = $1 RETURNING id`,
      [hashGateKey(DEMO_GATE_KEY)],
    );
    const id = Number(rows[0]!.id);
    // A staff key of its own (another digest) is never a repository secret.
    await db.$client.query(
      `INSERT INTO gate_keys (site_code, label, key_hash) VALUES ('BORDERLESS', 'Staff key', $1)`,
      [hashGateKey('KG1-STAFFKEYSTAFFKEYSTAFFKEYSTAFFK')],
    );
    try {
      const keys = (await findRepositorySecrets(db)).filter((f) => f.table === 'gate_keys');
      expect(keys).toContainEqual({
        table: 'gate_keys',
        id,
        site: 'BORDERLESS',
        what: `gate key ${id} "North entrance" (not marked demo)`,
        demo: false,
      });
      expect(keys.filter((k) => k.what.includes('Staff key'))).toEqual([]);
      // The refusal names the command that revokes it: the demo removal leaves unmarked rows alone.
      const failure = repositoryDemoSecretsFailure(keys);
      expect(failure.remedy).toContain(`\`npm run gate-key -- revoke <id>\` (${id})`);
      const removal = await removeDemoData(db, { dryRun: true });
      expect(removal.filter((r) => r.row.includes('North entrance'))).toEqual([]);

      await db.$client.query('UPDATE gate_keys SET revoked_at = now() WHERE id = $1', [id]);
      const after = (await findRepositorySecrets(db)).filter((f) => f.table === 'gate_keys');
      expect(after.map((f) => f.id)).not.toContain(id);
      expect(after).toHaveLength(keys.length - 1);
    } finally {
      await db.$client.query(`DELETE FROM gate_keys WHERE label = 'Staff key'`);
      await db.$client.query(
        `UPDATE gate_keys SET is_demo = true, label = 'Demo gate', revoked_at = NULL WHERE id = $1`,
        [id],
      );
    }
  });

  it("migration 0700 marks the rows a seed wrote before it (by the seed's stable keys)", async () => {
    for (const table of DEMO_TABLES) await ctx.db.$client.query(`UPDATE ${table} SET is_demo = false`);
    // Codes added after 0700 were never written unmarked: the seed marks them (and 0700 does not know them).
    await ctx.db.$client.query(
      `UPDATE coupons SET is_demo = true WHERE (site_code, code) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
      [SITE_WELCOME_CODES.map(([site]) => site), SITE_WELCOME_CODES.map(([, code]) => code)],
    );
    const migration = await readFile(new URL('../../migrations/0700_demo_rows.sql', import.meta.url), 'utf8');
    const backfill = migration
      .split(';')
      .filter((statement) => !statement.includes('ALTER TABLE'))
      .join(';');
    await ctx.db.$client.query(backfill);
    const counts = await demoCounts(ctx.db);
    for (const table of DEMO_TABLES)
      expect(counts[table], table).toEqual({ demo: expect.any(Number), other: 0 });
    expect(await findRepositorySecrets(ctx.db)).not.toEqual([]);
  });

  it('a dry run lists every demo row and changes nothing; a run removes them, keeping what orders refer to', async () => {
    const db = ctx.db;
    const one = async <T>(text: string, params: unknown[] = []) =>
      (await db.$client.query(text, params)).rows[0] as T;
    // An order on a demo product, with the demo member, a demo coupon and a check-in through a demo key.
    const slot = await productWithSlot(db, 5);
    await db.$client.query('UPDATE products SET is_demo = true WHERE id = $1', [slot.id]);
    const held = await postOrder(ctx.app, orderBody(slot));
    expect(held.statusCode).toBe(201);
    const order = await one<{ id: string }>('SELECT id FROM orders WHERE order_token = $1', [
      held.json<{ order_token: string }>().order_token,
    ]);
    const coupon = await one<{ id: number }>(
      `SELECT id FROM coupons WHERE site_code = 'DEMO' AND code = 'DEMO-FREE'`,
    );
    const member = await one<{ id: string }>('SELECT id FROM members WHERE email = $1', [DEMO_MEMBER.email]);
    const gate = await one<{ id: string }>(`SELECT id FROM gate_keys WHERE is_demo AND site_code = 'DEMO'`);
    await db.$client.query('INSERT INTO order_coupons (order_id, coupon_id, discount) VALUES ($1, $2, 0)', [
      order.id,
      coupon.id,
    ]);
    await db.$client.query('UPDATE orders SET member_id = $2 WHERE id = $1', [order.id, member.id]);
    await db.$client.query(
      `INSERT INTO check_ins (gate_key_id, nonce, mode, method, result, answer)
       VALUES ($1, 'demo-removal-test', 'gate', 'read_qr', 'invalid', '{}')`,
      [gate.id],
    );

    const before = await demoCounts(db);
    const dry = await removeDemoData(db, { dryRun: true });
    expect(await demoCounts(db)).toEqual(before);
    expect(dry).toContainEqual({
      site: 'DEMO',
      row: `coupon DEMO-FREE (id ${coupon.id})`,
      action: 'disabled (orders used it)',
    });
    const unused = await one<{ id: number }>(
      `SELECT id FROM coupons WHERE site_code = 'DEMO' AND code = 'DEMO10'`,
    );
    expect(dry).toContainEqual({ site: 'DEMO', row: `coupon DEMO10 (id ${unused.id})`, action: 'deleted' });
    expect(dry.filter((d) => d.row.startsWith('gate key'))).toHaveLength(before.gate_keys!.demo);

    const done = await removeDemoData(db, { dryRun: false });
    expect(done).toEqual(dry);
    expect(await findRepositorySecrets(db)).toEqual([]);
    // Kept, harmless: the referenced rows; gone: every other demo row.
    expect(await one('SELECT enabled FROM coupons WHERE id = $1', [coupon.id])).toEqual({ enabled: false });
    expect(
      await one<{ revoked: boolean }>(
        'SELECT revoked_at IS NOT NULL AS revoked FROM gate_keys WHERE id = $1',
        [gate.id],
      ),
    ).toEqual({ revoked: true });
    const hash = await one<{ password_hash: string }>('SELECT password_hash FROM members WHERE id = $1', [
      member.id,
    ]);
    expect(await verifyPassword(DEMO_MEMBER.password, hash.password_hash)).toBe(false);
    expect(
      await one<{ ended: boolean }>('SELECT sale_ends_at <= now() AS ended FROM products WHERE id = $1', [
        slot.id,
      ]),
    ).toEqual({ ended: true });
    expect(await demoCounts(db)).toMatchObject({
      coupons: { demo: 1 },
      gate_keys: { demo: 1 },
      members: { demo: 1 },
      products: { demo: 1 },
      coupon_campaigns: { demo: 0 },
      membership_promotions: { demo: 0 },
    });
    // Running again only makes the kept rows harmless again.
    expect((await removeDemoData(db, { dryRun: false })).map((d) => d.action)).not.toContain('deleted');
  });
});
