import { sql } from 'drizzle-orm';
import type { SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { hashPassword } from './password-hash.ts';

/** One member as the CSV import and the demo seed add it; the password is hashed before it is stored. */
export interface NewMember {
  email: string;
  password: string;
  name: string;
  residentArea?: string;
  phone?: string;
  age?: string;
  gender?: string;
}

/**
 * Adds the members a site does not have yet (matched by lower-cased e-mail), or, with `update`, also
 * replaces the details and password of those it has. Returns how many rows were added and updated.
 */
export async function importMembers(
  db: Db,
  site: SiteCode,
  members: NewMember[],
  options: { update: boolean },
): Promise<{ added: number; updated: number; unchanged: number }> {
  const counts = { added: 0, updated: 0, unchanged: 0 };
  for (const member of members) {
    const email = member.email.trim().toLowerCase();
    const { rows: existing } = await db.execute<{ id: string }>(
      sql`SELECT id FROM members WHERE site_code = ${site} AND email = ${email}`,
    );
    if (existing[0] && !options.update) {
      counts.unchanged += 1;
      continue;
    }
    const hash = await hashPassword(member.password);
    const details = [
      member.name,
      member.residentArea ?? '',
      member.phone ?? '',
      member.age ?? '',
      member.gender ?? '',
    ];
    const { rows } = await db.execute<{ inserted: boolean }>(sql`
      INSERT INTO members (site_code, email, password_hash, name, resident_area, phone, age, gender)
      VALUES (${site}, ${email}, ${hash}, ${details[0]}, ${details[1]}, ${details[2]}, ${details[3]}, ${details[4]})
      ON CONFLICT (site_code, email) DO UPDATE SET password_hash = EXCLUDED.password_hash,
        name = EXCLUDED.name, resident_area = EXCLUDED.resident_area, phone = EXCLUDED.phone,
        age = EXCLUDED.age, gender = EXCLUDED.gender
      RETURNING (xmax = 0) AS inserted`);
    if (rows[0]?.inserted) counts.added += 1;
    else counts.updated += 1;
  }
  return counts;
}
