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
