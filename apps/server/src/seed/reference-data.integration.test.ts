import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_SITE_CODES, LANG_CODES, PAYMENT_METHODS } from '@kippu/contract';
import pg from 'pg';
import { createDb, type Db } from '../db/client.ts';
import { databaseUrl } from '../db/database-url.ts';
import { migrate } from '../db/migrate.ts';
import { applyReferenceData, seedOnStart } from './index.ts';
import { REFERENCE_OPTION_LISTS } from './option-lists.ts';
import { readLocaleFiles } from './texts.ts';

/** A server on an operator's database without demo data (SEED_DEMO_DATA=false): a fresh, migrated database. */
describe('reference data on a database without demo data', () => {
  let db: Db;
  let drop: () => Promise<void>;
  const count = async (table: string) =>
    (await db.$client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
  /** Names that two or more methods of one site and channel share in a language (GET /paymentmethods). */
  const sharedMethodNames = async () =>
    (
      await db.$client.query<{
        site: string;
        channel: string;
        lang: string;
        name: string;
        methods: string[];
      }>(
        `SELECT m.site_code AS site, m.channel, l.lang, t.names ->> l.lang AS name,
                array_agg(m.method ORDER BY m.method) AS methods
         FROM payment_methods m
         JOIN payment_method_types t ON t.method = m.method
         CROSS JOIN unnest($1::text[]) AS l(lang)
         WHERE m.enabled
         GROUP BY 1, 2, 3, 4
         HAVING count(*) > 1`,
        [LANG_CODES],
      )
    ).rows;

  beforeAll(async () => {
    const { adminUrl } = inject('testDatabase');
    const name = `kippu_ref_${randomBytes(4).toString('hex')}`;
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
    await seedOnStart(db, { demo: false });
  });
  afterAll(() => drop?.());

  it('has every reference site, language, text, select list and payment-method name', async () => {
    const sites = await db.$client.query<{ code: string }>('SELECT code FROM sites ORDER BY position');
    expect(sites.rows.map((s) => s.code)).toEqual([...DEMO_SITE_CODES]);
    expect(await count('languages')).toBe(DEMO_SITE_CODES.length * 6);
    const keys = new Set((await readLocaleFiles()).flatMap((file) => Object.keys(file.texts)));
    const stored = await db.$client.query<{ n: number }>(
      "SELECT count(DISTINCT key)::int AS n FROM texts WHERE scope = '*'",
    );
    expect(stored.rows[0]!.n).toBe(keys.size);
    expect(await count('option_lists')).toBe(Object.keys(REFERENCE_OPTION_LISTS).length);
    expect(await count('payment_method_types')).toBe(PAYMENT_METHODS.length);
    expect(await count('field_templates')).toBeGreaterThan(0);
    expect(await count('payment_methods')).toBeGreaterThan(0);
  });

  it('adds no demo products, prices, slots, colours or coupons', async () => {
    for (const table of [
      'products',
      'option_values',
      'set_products',
      'time_spans',
      'calendar_colors',
      'coupons',
    ]) {
      expect(await count(table), table).toBe(0);
    }
  });

  it('lets an invited MORI visitor pay by card on the web: gmo_3ds with a GMO shop id', async () => {
    // The payment screen takes only card methods with a token script (gmo, gmo_3ds) and free today.
    const methods = await db.$client.query<{ method: string }>(
      "SELECT method FROM payment_methods WHERE site_code = 'MORI' AND channel = 'web' AND enabled",
    );
    expect(methods.rows.map((row) => row.method)).toContain('gmo_3ds');
    const shop = await db.$client.query<{ shop_id: string | null }>(
      "SELECT settings -> 'payment' -> 'cardProviderKeys' ->> 'gmo' AS shop_id FROM sites WHERE code = 'MORI'",
    );
    expect(shop.rows[0]!.shop_id).toBeTruthy();
  });

  it('names the methods a site offers on one channel apart, in every language', async () => {
    // The visitor chooses a method by its name alone: BORDERLESS and MORI take cards through Stripe and
    // GMO-PG, DEMO too, NISHINIPPON_PRODUCT through SoftBank and GMO-PG.
    expect(await sharedMethodNames()).toEqual([]);
  });

  it('gives an installation seeded with the old, shared names the new ones on its next start', async () => {
    await db.$client.query(
      `UPDATE payment_method_types SET names = (SELECT names FROM payment_method_types WHERE method = 'gmo_3ds')
       WHERE method IN ('stripe_secure', 'softbank_3ds')`,
    );
    expect(await sharedMethodNames()).not.toEqual([]);

    await applyReferenceData(db);

    expect(await sharedMethodNames()).toEqual([]);
  });

  it('starts when an operator removed a reference site and gave its slug to another one', async () => {
    await db.$client.query("DELETE FROM sites WHERE code = 'MORI'");
    await db.$client.query(
      `INSERT INTO sites (code, slug, position, settings) SELECT 'FOREST_HALL', 'mori', 20, settings
       FROM sites WHERE code = 'NAGAI'`,
    );

    await seedOnStart(db, { demo: true });

    const mori = await db.$client.query("SELECT 1 FROM sites WHERE code = 'MORI'");
    expect(mori.rowCount).toBe(0);
    const rows = await db.$client.query("SELECT 1 FROM languages WHERE site_code = 'MORI'");
    expect(rows.rowCount).toBe(0);
    expect(await count('products')).toBeGreaterThan(0);
  });

  it('brings a changed shared text and a changed shipped select list back to the code on the next start', async () => {
    await db.$client.query("UPDATE texts SET text = 'stale' WHERE scope = '*'");
    await db.$client.query(`UPDATE option_lists SET items = '[]' WHERE name = 'countries'`);

    await applyReferenceData(db);

    const stale = await db.$client.query("SELECT 1 FROM texts WHERE text = 'stale'");
    expect(stale.rowCount).toBe(0);
    const countries = await db.$client.query<{ n: number }>(
      "SELECT jsonb_array_length(items) AS n FROM option_lists WHERE name = 'countries'",
    );
    expect(countries.rows[0]!.n).toBe(REFERENCE_OPTION_LISTS.countries.length);
  });
});
