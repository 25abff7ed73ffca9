import type { LangCode } from '@kippu/contract';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * The console journeys' preparation in the server's database, where the subject is not the preparation (as
 * journey-database.ts does for visitors).
 */
async function query(text: string, values: unknown[]): Promise<number> {
  const client = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await client.connect();
  try {
    return (await client.query(text, values)).rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * Sets a staff member's own language (the console follows the account's language once signed in, from the
 * second step of sign-in on): a journey in English with the demo owner, whose account is in Japanese.
 */
export async function setStaffLanguage(email: string, lang: LangCode): Promise<void> {
  const updated = await query('UPDATE staff SET lang = $2 WHERE email = $1 AND deleted_at IS NULL', [
    email,
    lang,
  ]);
  if (updated !== 1) throw new Error(`No staff member ${email}`);
}

/**
 * A new member of the organisations of `email`, with its password, second-factor seed, roles and sites, in
 * `lang`: a journey's own sign-in for an account another journey signs in at the same time (the server
 * accepts each TOTP step once per account, so two journeys signing the demo owner in during the same 30
 * seconds refuse one of them).
 */
export async function twinOfStaffMember(email: string, twinEmail: string, lang: LangCode): Promise<void> {
  const memberships = await query(
    `WITH source AS (SELECT * FROM staff WHERE email = $1 AND deleted_at IS NULL),
     twin AS (
       INSERT INTO staff (email, name, lang, password_hash, totp_secret, totp_enabled_at, is_demo)
       SELECT $2, name || ' (e2e)', $3, password_hash, totp_secret, totp_enabled_at, is_demo FROM source
       RETURNING id)
     INSERT INTO staff_memberships (staff_id, organisation_id, role_id, all_sites, site_codes)
     SELECT twin.id, m.organisation_id, m.role_id, m.all_sites, m.site_codes
     FROM twin, source JOIN staff_memberships m ON m.staff_id = source.id`,
    [email, twinEmail, lang],
  );
  if (memberships < 1) throw new Error(`No staff member ${email} with a membership to copy`);
}
