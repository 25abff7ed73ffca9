import { readFile } from 'node:fs/promises';
import { importMembersCsv } from '../domain/membership/import-members-csv.ts';
import { fileErrorInEnglish, lineProblemInEnglish } from '../domain/membership/member-import-english.ts';
import { runCommand, withCliDatabase } from './run-command.ts';

const USAGE = `Usage: npm run import-members -- <file.csv> [--site ARTIZON] [--update]

Adds the members of a CSV file to a site with membership login (isUseMembershipLogin).
The first line names the columns: email, password, name (required), resident_area, phone, age, gender.
Passwords (8+ characters) are stored only as scrypt hashes. Members already there (same e-mail) are
left alone unless --update is given, which replaces their details and password.
A wrong line refuses the whole file; the console's Members screen imports the same file.`;

/** `npm run import-members -- file.csv` (README "Membership login", ADR 032): the console's import, from a shell. */
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
  const csv = await readFile(files[0]!, 'utf8');
  return withCliDatabase(async (database) => {
    const actor = { kind: 'system', label: 'npm run import-members' } as const;
    const result = await importMembersCsv(database.db, actor, { site, csv, update });
    if (!result.imported) {
      const errors = result.lines.filter((line) => line.result === 'error');
      const why = result.fileError
        ? fileErrorInEnglish(result.fileError)
        : `${errors.length} line(s) are wrong`;
      console.error(`Not imported: ${why}`);
      for (const { line, email, problem } of errors)
        if (problem) console.error(`  line ${line}: ${lineProblemInEnglish(problem, email)}`);
      return 1;
    }
    console.log(
      `${site}: ${result.added} added, ${result.updated} updated, ${result.unchanged} already there (via ${database.via}).`,
    );
    return 0;
  });
}

runCommand(main);
