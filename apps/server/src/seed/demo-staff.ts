import { sql } from 'drizzle-orm';
import { ROLE_TEMPLATE_KEYS, type RoleTemplateKey } from '@kippu/contract';
import type { Db } from '../db/client.ts';
import { ensureOrganisation } from '../domain/staff/organisations.ts';
import { hashPassword, verifyPassword } from '../domain/staff/password-hash.ts';
import { templateRole } from '../domain/staff/roles.ts';
import { REMOVE_DEMO_DATA_COMMAND, StartFailure } from '../lifecycle/start-failure.ts';
import { textArray } from '../domain/staff/sql-arrays.ts';
import type { DemoSecrets } from './demo-secrets.ts';

/** The demo's two organisations (issue 27): one owns every demo site but OKINAWA, the other OKINAWA. */
export const DEMO_ORGANISATIONS = {
  demo: { code: 'kippu-demo', name: 'Kippu Demo' },
  okinawa: { code: 'okinawa', name: 'Okinawa' },
} as const;

const ADDRESS_PART: Record<RoleTemplateKey, string> = {
  owner: 'owner',
  administrator: 'administrator',
  planner: 'planner',
  boxOffice: 'box-office',
  gate: 'gate',
  finance: 'finance',
  marketing: 'marketing',
};

export interface DemoStaffMember {
  organisation: keyof typeof DEMO_ORGANISATIONS;
  template: RoleTemplateKey;
  email: string;
  name: string;
  /** Published in the README and printed at start: demo only, never written with fresh secrets. */
  password: string;
  /** A published TOTP seed, so the demo owner can sign in with the second factor at once. */
  totpSecret?: string;
}

/** One member per role template in kippu-demo, and the owner of okinawa (README "Console"). */
export const DEMO_STAFF: readonly DemoStaffMember[] = [
  ...ROLE_TEMPLATE_KEYS.map((template): DemoStaffMember => ({
    organisation: 'demo',
    template,
    email: `${ADDRESS_PART[template]}@demo.kippu.test`,
    name: `Demo ${ADDRESS_PART[template].replace('-', ' ')}`,
    password: `kippu-demo-${ADDRESS_PART[template]}`,
    ...(template === 'owner' ? { totpSecret: 'KIPPUDEMOOWNERTOTPSECRETKIPPUDEM' } : {}),
  })),
  {
    organisation: 'okinawa',
    template: 'owner',
    email: 'owner@okinawa.kippu.test',
    name: 'Okinawa owner',
    password: 'kippu-demo-okinawa-owner',
    totpSecret: 'KIPPUOKINAWAOWNERTOTPSECRETKIPPU',
  },
];

/**
 * The demo organisations, and the demo staff when the repository's secrets are wanted (ADR 048, 063). The
 * sites still in the install's default organisation move to kippu-demo (OKINAWA to okinawa); a site an
 * operator moved elsewhere stays. Staff are inserted when absent and never updated, so a restart keeps a
 * changed password or role. With fresh secrets (a production demo) no staff are made: the first owner comes
 * from `npm run staff -- create-owner`, and no published password ever opens a production console.
 */
export async function seedDemoStaff(db: Db, secrets: DemoSecrets = 'repository'): Promise<void> {
  const organisations = {
    demo: (await ensureOrganisation(db, DEMO_ORGANISATIONS.demo)).organisation.id,
    okinawa: (await ensureOrganisation(db, DEMO_ORGANISATIONS.okinawa)).organisation.id,
  };
  await db.execute(sql`
    UPDATE sites SET organisation_id = CASE WHEN code = 'OKINAWA' THEN ${organisations.okinawa}::bigint
                                            ELSE ${organisations.demo}::bigint END
    WHERE organisation_id = (SELECT id FROM organisations WHERE code = 'default')`);
  if (secrets !== 'repository') return;
  for (const member of DEMO_STAFF) {
    const { rows } = await db.execute(sql`SELECT 1 FROM staff WHERE email = ${member.email}`);
    if (rows.length > 0) continue;
    const organisationId = organisations[member.organisation];
    const role = await templateRole(db, organisationId, member.template);
    const hash = await hashPassword(member.password);
    await db.transaction(async (tx) => {
      const inserted = await tx.execute<{ id: number | string }>(sql`
        INSERT INTO staff (email, name, lang, password_hash, totp_secret, totp_enabled_at, is_demo)
        VALUES (${member.email}, ${member.name}, 'ja', ${hash}, ${member.totpSecret ?? null},
          ${member.totpSecret ? sql`now()` : sql`NULL`}, true)
        ON CONFLICT DO NOTHING RETURNING id`);
      if (!inserted.rows[0]) return;
      await tx.execute(sql`
        INSERT INTO staff_memberships (staff_id, organisation_id, role_id, all_sites)
        VALUES (${inserted.rows[0].id}, ${organisationId}, ${role.id}, true)
        ON CONFLICT DO NOTHING`);
    });
  }
}

/** The demo sign-ins, one line each, for the start-up log and the README. */
export function demoStaffSignInLines(): string[] {
  return DEMO_STAFF.map(
    (member) =>
      `${DEMO_ORGANISATIONS[member.organisation].code} ${member.template}: ${member.email} / ${member.password}` +
      (member.totpSecret ? ` (TOTP secret ${member.totpSecret})` : ''),
  );
}

/**
 * Staff rows that still open the console with a value published in this repository (ADR 048, 063): a demo
 * address whose password is still the README's, or any row whose TOTP seed is a published one, whatever
 * its is_demo flag (the seed opens the second factor all the same). A production start refuses them.
 */
export async function findDemoStaffWithPublishedSecrets(db: Db): Promise<string[]> {
  const seeds = DEMO_STAFF.flatMap((member) => (member.totpSecret ? [member.totpSecret] : []));
  const { rows } = await db.execute<{ email: string; password_hash: string | null; published_seed: boolean }>(
    sql`SELECT email, password_hash,
          coalesce(totp_secret = ANY(${textArray(seeds)}) OR totp_pending_secret = ANY(${textArray(seeds)}), false)
            AS published_seed
        FROM staff
        WHERE deleted_at IS NULL
          AND (email = ANY(${textArray(DEMO_STAFF.map((member) => member.email))})
            OR totp_secret = ANY(${textArray(seeds)}) OR totp_pending_secret = ANY(${textArray(seeds)}))
        ORDER BY id`,
  );
  const found: string[] = [];
  for (const row of rows) {
    const member = DEMO_STAFF.find((candidate) => candidate.email === row.email);
    const publishedPassword =
      member !== undefined && (await verifyPassword(row.password_hash, member.password));
    if (publishedPassword || row.published_seed)
      found.push(`${row.email} (${publishedPassword ? 'password' : 'TOTP seed'})`);
  }
  return found;
}

/** The production start's refusal while demo staff still carry a published secret. */
export function demoStaffFailure(found: readonly string[]): StartFailure {
  const examples = found.slice(0, 3).join(', ') + (found.length > 3 ? ', ...' : '');
  return new StartFailure(
    `NODE_ENV=production, and ${found.length} staff member(s) still sign in to the console with the repository's published demo password or TOTP seed (${examples}).`,
    `Remove the demo data: \`${REMOVE_DEMO_DATA_COMMAND} -- --dry-run\` lists what it would do, \`${REMOVE_DEMO_DATA_COMMAND}\` does it (demo staff lose their memberships and sessions), with the same DATABASE_URL or EMBEDDED_PG_DIR. Then make the first owner with \`npm run staff -- create-owner\`.`,
  );
}
