import type { PoolClient } from 'pg';
import type { Db } from '../db/client.ts';
import { hashPassword } from '../domain/membership/password-hash.ts';
import { freshDemoSuffix } from './demo-secrets.ts';

/** One thing removing the demo data did (or, in a dry run, would do). */
export interface DemoRemoval {
  site: string;
  /** `coupon DEMO-FREE (id 4)`: coupon codes in full, so a production demo's operator finds them here. */
  row: string;
  action: string;
}

interface Step {
  table: string;
  /** The demo rows of the table: id, site and a description. */
  select: string;
  /** SQL that deletes one row ($1 the id); a foreign key from orders or check-ins makes it fail. */
  remove: string;
  /** What to do instead when the row is referenced, and how to say it. */
  keep: { sql: string; action: string };
  /** Checked before deleting, for references without a failing foreign key (ON DELETE SET NULL). */
  referenced?: string;
  /** What `remove` did, when it is not a delete. */
  removed?: string;
}

/**
 * In order: the secrets first (demo staff, gate keys, coupons and their campaigns, the demo member and promotion), then
 * the catalogue (products with their ticket types, slots and add-on links; add-ons). A row that orders or
 * check-ins refer to is not deleted: it is made harmless instead (a key revoked, a coupon disabled, a
 * member's password replaced, a product's sale ended, an add-on unlinked), so order history stays whole.
 */
const STEPS: Step[] = [
  {
    // The audit log names staff, so the rows stay: they lose every way in (ADR 063).
    table: 'staff',
    select: `SELECT st.id, coalesce((SELECT o.code FROM staff_memberships m JOIN organisations o ON o.id = m.organisation_id
               WHERE m.staff_id = st.id ORDER BY m.organisation_id LIMIT 1), '-') AS site_code, st.email AS what
             FROM staff st WHERE st.is_demo AND st.deleted_at IS NULL ORDER BY st.id`,
    remove: `WITH ended AS (UPDATE staff_sessions SET ended_at = now() WHERE staff_id = $1 AND ended_at IS NULL),
                  memberships AS (DELETE FROM staff_memberships WHERE staff_id = $1),
                  codes AS (DELETE FROM staff_recovery_codes WHERE staff_id = $1)
             UPDATE staff SET deleted_at = now(), password_hash = NULL, totp_secret = NULL,
               totp_pending_secret = NULL, totp_enabled_at = NULL
             WHERE id = $1`,
    removed: 'memberships, sessions, password and TOTP seed removed',
    keep: { sql: `SELECT $1::text`, action: 'kept' },
  },
  {
    table: 'gate key',
    select: `SELECT id, site_code, label AS what FROM gate_keys WHERE is_demo ORDER BY id`,
    remove: `DELETE FROM gate_keys WHERE id = $1`,
    keep: {
      sql: `UPDATE gate_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1`,
      action: 'revoked (it has check-ins)',
    },
  },
  {
    table: 'coupon',
    select: `SELECT id, site_code, code AS what FROM coupons WHERE is_demo ORDER BY id`,
    remove: `DELETE FROM coupons WHERE id = $1`,
    keep: {
      sql: `UPDATE coupons SET enabled = false WHERE id = $1`,
      action: 'disabled (orders used it)',
    },
  },
  {
    table: 'coupon campaign',
    select: `SELECT ctid::text AS id, site_code, campaign AS what FROM coupon_campaigns WHERE is_demo`,
    remove: `DELETE FROM coupon_campaigns WHERE ctid = $1::tid`,
    keep: { sql: `SELECT $1::text`, action: 'kept' },
  },
  {
    table: 'member',
    select: `SELECT id, site_code, email AS what FROM members WHERE is_demo ORDER BY id`,
    referenced: `SELECT 1 FROM orders WHERE member_id = $1 LIMIT 1`,
    remove: `DELETE FROM members WHERE id = $1`,
    keep: {
      sql: `UPDATE members SET password_hash = $2 WHERE id = $1`,
      action: 'password replaced by a random one (orders name the member)',
    },
  },
  {
    table: 'member promotion',
    select: `SELECT site_code AS id, site_code, names->>'en' AS what FROM membership_promotions WHERE is_demo`,
    remove: `DELETE FROM membership_promotions WHERE site_code = $1`,
    keep: { sql: `SELECT $1::text`, action: 'kept' },
  },
  {
    table: 'product',
    select: `SELECT id, site_code, names->>'en' AS what FROM products WHERE is_demo ORDER BY id`,
    remove: `DELETE FROM products WHERE id = $1`,
    keep: {
      sql: `UPDATE products SET sale_ends_at = LEAST(coalesce(sale_ends_at, now()), now()) WHERE id = $1`,
      action: 'sale ended (orders refer to it)',
    },
  },
  {
    table: 'add-on',
    select: `SELECT id, site_code, names->>'en' AS what FROM set_products WHERE is_demo ORDER BY id`,
    remove: `DELETE FROM set_products WHERE id = $1`,
    keep: {
      sql: `DELETE FROM set_product_links WHERE set_product_id = $1`,
      action: 'no longer offered with any product (orders refer to it)',
    },
  },
];

const FOREIGN_KEY_VIOLATION = '23503';

async function removeRow(client: PoolClient, step: Step, id: string): Promise<string> {
  const referenced = step.referenced ? (await client.query(step.referenced, [id])).rowCount! > 0 : false;
  if (!referenced) {
    await client.query('SAVEPOINT demo_row');
    try {
      await client.query(step.remove, [id]);
      await client.query('RELEASE SAVEPOINT demo_row');
      return step.removed ?? 'deleted';
    } catch (error) {
      await client.query('ROLLBACK TO SAVEPOINT demo_row');
      if ((error as { code?: string }).code !== FOREIGN_KEY_VIOLATION) throw error;
    }
  }
  const params = step.table === 'member' ? [id, await hashPassword(freshDemoSuffix(32))] : [id];
  await client.query(step.keep.sql, params);
  return step.keep.action;
}

/**
 * Removes every demo row (is_demo, migration 0700; ADR 048) in one transaction, or with `dryRun` does the
 * same and rolls it back, so the listing says exactly what a real run would do (delete, or what instead).
 */
export async function removeDemoData(db: Db, options: { dryRun: boolean }): Promise<DemoRemoval[]> {
  const client = await db.$client.connect();
  const done: DemoRemoval[] = [];
  try {
    await client.query('BEGIN');
    for (const step of STEPS) {
      const { rows } = await client.query<{ id: string | number; site_code: string; what: string }>(
        step.select,
      );
      for (const row of rows) {
        const action = await removeRow(client, step, String(row.id));
        const id =
          step.table === 'coupon campaign' || step.table === 'member promotion' ? '' : ` (id ${row.id})`;
        done.push({ site: row.site_code, row: `${step.table} ${row.what}${id}`, action });
      }
    }
    await client.query(options.dryRun ? 'ROLLBACK' : 'COMMIT');
    return done;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
