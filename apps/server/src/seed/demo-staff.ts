import { sql } from 'drizzle-orm';
import { ROLE_TEMPLATE_KEYS, type RoleTemplateKey } from '@kippu/contract';
import type { Db } from '../db/client.ts';
import { ensureOrganisation } from '../domain/staff/organisations.ts';
import { hashPassword, verifyPassword } from '../domain/staff/password-hash.ts';
import { templateRole } from '../domain/staff/roles.ts';
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
 * Demo staff whose password is still the published one (for the production start's refusal, ADR 048):
 * the same check `findRepositorySecrets` makes for the demo member.
 */
export async function findDemoStaffWithPublishedPasswords(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ email: string; password_hash: string | null }>(
    sql`SELECT email, password_hash FROM staff WHERE is_demo AND deleted_at IS NULL ORDER BY id`,
  );
  const found: string[] = [];
  for (const row of rows) {
    const member = DEMO_STAFF.find((candidate) => candidate.email === row.email);
    if (member && (await verifyPassword(row.password_hash, member.password)))
      found.push(`staff ${row.email}`);
  }
  return found;
}
