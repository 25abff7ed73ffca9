import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { hashGateKey } from '../domain/check-ins/gate-keys.ts';
import { verifyPassword } from '../domain/membership/password-hash.ts';
import { REPOSITORY_COUPON_CODES } from './demo-coupons.ts';
import { DEMO_GATE_KEY } from './demo-gate-keys.ts';
import { DEMO_MEMBER } from './demo-members.ts';

/** A demo row that still opens something with a value published in this repository. */
export interface RepositorySecret {
  table: 'gate_keys' | 'coupons' | 'members';
  id: number;
  site: string;
  /** What it is, without the secret: `gate key 12 "Demo gate"`, `coupon DEMO-FREE`. */
  what: string;
  /** Marked is_demo: `npm run remove-demo-data` deals with it. A gate key staff made may not be. */
  demo: boolean;
}

/**
 * Rows that still carry one of the repository's secrets and still work: any unrevoked gate key whose digest
 * is the public demo key's, whatever its is_demo flag (the key opens the gates all the same: a key created
 * by hand with the README's value, or a demo row whose flag was cleared), and, among demo rows (is_demo,
 * migration 0700), an enabled coupon with a documented demo code and the demo member whose password is still
 * the README's. A production server refuses to start while there is one (main.ts, ADR 048). Revoked keys and
 * disabled coupons open nothing and do not count; a staff coupon that happens to be called WELCOME10 is the
 * operator's (its code is not a secret of ours, it is a code they chose).
 */
export async function findRepositorySecrets(db: Db): Promise<RepositorySecret[]> {
  const found: RepositorySecret[] = [];
  const keys = await db.execute<{ id: string; site_code: string; label: string; is_demo: boolean }>(sql`
    SELECT id, site_code, label, is_demo FROM gate_keys
    WHERE revoked_at IS NULL AND key_hash = ${hashGateKey(DEMO_GATE_KEY)} ORDER BY id`);
  for (const row of keys.rows) {
    found.push({
      table: 'gate_keys',
      id: Number(row.id),
      site: row.site_code,
      what: `gate key ${row.id} "${row.label}"${row.is_demo ? '' : ' (not marked demo)'}`,
      demo: row.is_demo,
    });
  }
  const coupons = await db.$client.query<{ id: number; site_code: string; code: string }>(
    `SELECT c.id, c.site_code, c.code FROM coupons c
     JOIN unnest($1::text[], $2::text[]) AS r(site_code, code) ON r.site_code = c.site_code AND r.code = c.code
     WHERE c.is_demo AND c.enabled ORDER BY c.id`,
    [REPOSITORY_COUPON_CODES.map((c) => c.site), REPOSITORY_COUPON_CODES.map((c) => c.code)],
  );
  for (const row of coupons.rows) {
    found.push({
      table: 'coupons',
      id: Number(row.id),
      site: row.site_code,
      what: `coupon ${row.code}`,
      demo: true,
    });
  }
  const members = await db.execute<{
    id: string;
    site_code: string;
    email: string;
    password_hash: string;
  }>(sql`
    SELECT id, site_code, email, password_hash FROM members WHERE is_demo ORDER BY id`);
  for (const row of members.rows) {
    if (await verifyPassword(DEMO_MEMBER.password, row.password_hash)) {
      found.push({
        table: 'members',
        id: Number(row.id),
        site: row.site_code,
        what: `member ${row.email}`,
        demo: true,
      });
    }
  }
  return found;
}
