import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, xsrfHeaders } from '../../test/helper.ts';
import { orderBody, postOrder, productWithSlot } from '../../test/order-support.ts';
import { importMembers } from '../domain/membership/import-members.ts';
import { migrate } from './migrate.ts';

/**
 * Migration 0680 (ADR 040) on orders discounted before it: an order takes the site's promotion of the day
 * as its percentage only where that percentage gives back the amount its login fixed. The orders are
 * discounted by real logins; the database is then taken back to before 0680 (its column dropped, its
 * record removed) and migrated again, as a server deploying 0680 would. A later migration that builds on the
 * column would have to be taken back here too.
 */

const MIGRATION = '0680_membership_discount_percent.sql';
const MEMBER = { email: 'early@example.jp', password: 'correct horse battery', name: 'Hanako Early' };
const FRIENDS = { ja: '友の会', en: 'Friends', 'zh-hans': 'F', kr: 'F', 'zh-hant': 'F', th: 'F' };
const PATHS = { DEMO: '/demo/api/v1', BORDERLESS: '/borderless/api/v1' } as const;
type Site = keyof typeof PATHS;

describe('migration 0680 on orders discounted before it (ADR 040)', () => {
  const ctx = setupTestApp();

  beforeAll(async () => {
    for (const site of ['DEMO', 'BORDERLESS'] as const) {
      await ctx.db
        .execute(sql`UPDATE sites SET settings = jsonb_set(settings, '{isUseMembershipLogin}', 'true')
                               WHERE code = ${site}`);
      await importMembers(ctx.db, site, [MEMBER], { update: false });
    }
  });

  const setPromotion = (site: Site, percent: number) =>
    ctx.db.execute(sql`
      INSERT INTO membership_promotions (site_code, names, discount_percent)
      VALUES (${site}, ${JSON.stringify(FRIENDS)}::jsonb, ${percent})
      ON CONFLICT (site_code) DO UPDATE SET discount_percent = EXCLUDED.discount_percent`);

  /** A held order of `quantity` tickets at `price`; logged in as the member when `login` is set. */
  async function order(site: Site, price: number, quantity: number, login = true): Promise<number> {
    const slot = await productWithSlot(ctx.db, 10, { site, prices: [price] });
    const held = await postOrder(ctx.app, orderBody(slot, quantity), PATHS[site]);
    expect(held.statusCode).toBe(201);
    const token = held.json<{ order_token: string }>().order_token;
    if (login) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${PATHS[site]}/membership/login/${token}`,
        headers: xsrfHeaders(),
        payload: MEMBER,
      });
      expect(res.statusCode).toBe(200);
    }
    const { rows } = await ctx.db.execute<{ id: number }>(
      sql`SELECT id FROM orders WHERE order_token = ${token}`,
    );
    return Number(rows[0]!.id);
  }

  it('keeps the percentage that reproduces the amount given, and leaves the others NULL', async () => {
    // Edited since: 6,000 discounted 1,200 at 20 %; the site's promotion is 10 % at migration.
    await setPromotion('DEMO', 20);
    const edited = await order('DEMO', 3000, 2);
    await setPromotion('DEMO', 10);
    // Unchanged: 3,335 discounted 333 at 10 % (rounded down, as the login rounds; rounded to nearest: 334).
    const unchanged = await order('DEMO', 3335, 1);
    const notMember = await order('DEMO', 3000, 1, false);
    // Dropped since: the site has no promotion at migration.
    await setPromotion('BORDERLESS', 20);
    const dropped = await order('BORDERLESS', 3000, 2);
    await ctx.db.execute(sql`DELETE FROM membership_promotions WHERE site_code = 'BORDERLESS'`);

    const ids = { edited, unchanged, notMember, dropped };
    const discounts = await ctx.db.execute<{ id: number; membership_discount: string }>(sql`
      SELECT id, membership_discount FROM orders WHERE id = ANY(${sql.param(Object.values(ids))}::bigint[])`);
    expect(
      Object.fromEntries(discounts.rows.map((row) => [row.id, Number(row.membership_discount)])),
    ).toEqual({
      [edited]: 1200,
      [unchanged]: 333,
      [notMember]: 0,
      [dropped]: 1200,
    });

    // Back to before 0680, then deploy it.
    await ctx.db.execute(sql`ALTER TABLE orders DROP COLUMN membership_discount_percent`);
    await ctx.db.execute(sql`DELETE FROM schema_migrations WHERE name = ${MIGRATION}`);
    expect(await migrate(ctx.db.$client)).toEqual([MIGRATION]);

    const { rows } = await ctx.db.execute<{ id: number; percent: number | null }>(sql`
      SELECT id, membership_discount_percent AS percent FROM orders
      WHERE id = ANY(${sql.param(Object.values(ids))}::bigint[])`);
    const percents = Object.fromEntries(rows.map((row) => [Number(row.id), row.percent]));
    expect(percents).toEqual({
      [edited]: null,
      [unchanged]: 10,
      [notMember]: null,
      [dropped]: null,
    });
  });
});
