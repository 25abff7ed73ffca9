import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { importMembers } from '../domain/membership/import-members.ts';
import { MembersCsvError, membersFromCsv } from './members-csv.ts';
import { runCommand, withCliDatabase } from './run-command.ts';

const USAGE = `Usage: npm run import-members -- <file.csv> [--site ARTIZON] [--update]

Adds the members of a CSV file to a site with membership login (isUseMembershipLogin).
The first line names the columns: email, password, name (required), resident_area, phone, age, gender.
Passwords (8+ characters) are stored only as scrypt hashes. Members already there (same e-mail) are
left alone unless --update is given, which replaces their details and password.`;

/** `npm run import-members -- file.csv` (README "Membership login", ADR 032). */
async function main(argv: string[]): Promise<number> {
  let site = 'ARTIZON';
  let update = false;
  const files: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      return 0;
    } else if (arg === '--site') site = (argv[++i] ?? '').toUpperCase();
    else if (arg === '--update') update = true;
    else files.push(arg);
  }
  if (files.length !== 1) {
    console.error(USAGE);
    return 1;
  }
  const members = membersFromCsv(await readFile(files[0]!, 'utf8'));
  return withCliDatabase(async (database) => {
    const { rows } = await database.db.execute<{ enabled: boolean | null }>(
      sql`SELECT (settings ->> 'isUseMembershipLogin')::boolean AS enabled FROM sites WHERE code = ${site}`,
    );
    if (!rows[0]) throw new MembersCsvError(`no site ${site}`);
    if (!rows[0].enabled) throw new MembersCsvError(`${site} does not have membership login turned on`);
    const counts = await importMembers(database.db, site, members, { update });
    console.log(
      `${site}: ${counts.added} added, ${counts.updated} updated, ${counts.unchanged} already there (via ${database.via}).`,
    );
    return 0;
  });
}

runCommand(main, (error) =>
  error instanceof MembersCsvError ? `Not imported: ${error.message}` : undefined,
);
