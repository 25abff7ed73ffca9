import { sql } from 'drizzle-orm';
import type {
  MemberImportFileError,
  MemberImportLineProblem,
} from '@kippu/contract/console/operations-members';
import type { Db } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { hashPassword } from './password-hash.ts';
import { MembersCsvError, memberCsvLines, type MemberCsvLine } from './members-csv.ts';

export type MemberImportResult = 'added' | 'updated' | 'unchanged' | 'not_imported' | 'error';

export interface MemberImport {
  /** false when the file or any line is wrong: then nothing is imported (the CLI's rule). */
  imported: boolean;
  /** Codes, worded by the console and, in English, by member-import-english.ts. */
  fileError: MemberImportFileError | null;
  added: number;
  updated: number;
  unchanged: number;
  lines: { line: number; email: string; result: MemberImportResult; problem?: MemberImportLineProblem }[];
}

const refused = (
  fileError: MemberImportFileError | null,
  lines: MemberImport['lines'] = [],
): MemberImport => ({
  imported: false,
  fileError,
  added: 0,
  updated: 0,
  unchanged: 0,
  lines,
});

async function membershipLoginOn(db: Db, site: string): Promise<MemberImportFileError | null> {
  const { rows } = await db.execute<{ enabled: boolean | null }>(
    sql`SELECT (settings ->> 'isUseMembershipLogin')::boolean AS enabled FROM sites WHERE code = ${site}`,
  );
  if (!rows[0]) return { code: 'no_site', site };
  return rows[0].enabled ? null : { code: 'membership_login_off', site };
}

/**
 * The member CSV imported into a site (README "Membership login", ADR 032): shared by `npm run
 * import-members` and the console. All or nothing: a wrong line refuses the file and every line says
 * what it is. Members already there (same e-mail) stay unless `update`. Passwords are hashed one at a
 * time before the transaction (scrypt on the thread pool: an import must not take it from sign-ins and
 * must not hold a transaction open for minutes); the rows are written in one statement with the audit.
 */
export async function importMembersCsv(
  db: Db,
  actor: AuditActor,
  input: { site: string; csv: string; update: boolean },
): Promise<MemberImport> {
  const siteError = await membershipLoginOn(db, input.site);
  if (siteError) return refused(siteError);
  let rows: MemberCsvLine[];
  try {
    rows = memberCsvLines(input.csv);
  } catch (error) {
    if (error instanceof MembersCsvError) return refused(error.problem);
    throw error;
  }
  if (rows.some((row) => row.problem !== undefined)) {
    return refused(
      null,
      rows.map((row) =>
        row.problem !== undefined
          ? { line: row.line, email: row.email, result: 'error', problem: row.problem }
          : { line: row.line, email: row.email, result: 'not_imported' },
      ),
    );
  }
  const members = rows.map((row) => row.member!);
  const { rows: existing } = await db.execute<{ email: string }>(sql`
    SELECT email FROM members WHERE site_code = ${input.site}
      AND email = ANY(${sql.param(members.map((m) => m.email))}::text[])`);
  const there = new Set(existing.map((row) => row.email));
  const toWrite = members.filter((member) => input.update || !there.has(member.email));
  const hashes: string[] = [];
  for (const member of toWrite) hashes.push(await hashPassword(member.password));

  const written = await db.transaction(async (tx) => {
    const column = (pick: (m: (typeof toWrite)[number]) => string | undefined) =>
      sql.param(toWrite.map((m) => pick(m) ?? ''));
    const { rows: done } = await tx.execute<{ email: string; inserted: boolean }>(sql`
      INSERT INTO members (site_code, email, password_hash, name, resident_area, phone, age, gender)
      SELECT ${input.site}, * FROM unnest(${column((m) => m.email)}::text[], ${sql.param(hashes)}::text[],
        ${column((m) => m.name)}::text[], ${column((m) => m.residentArea)}::text[],
        ${column((m) => m.phone)}::text[], ${column((m) => m.age)}::text[], ${column((m) => m.gender)}::text[])
      ON CONFLICT (site_code, email) DO ${
        input.update
          ? sql`UPDATE SET password_hash = EXCLUDED.password_hash, name = EXCLUDED.name,
                resident_area = EXCLUDED.resident_area, phone = EXCLUDED.phone, age = EXCLUDED.age,
                gender = EXCLUDED.gender`
          : sql`NOTHING`
      }
      RETURNING email, (xmax = 0) AS inserted`);
    const result = new Map<string, MemberImportResult>(
      done.map((row) => [row.email, row.inserted ? 'added' : 'updated']),
    );
    const counts = { added: 0, updated: 0, unchanged: 0 };
    for (const member of members)
      counts[(result.get(member.email) ?? 'unchanged') as keyof typeof counts] += 1;
    // Counts only: the members' own details stay in their rows, where an erasure finds them.
    await recordAudit(tx, {
      actor,
      siteCode: input.site,
      objectType: 'member_import',
      objectId: input.site,
      action: input.update ? 'import_update' : 'import',
      after: counts,
    });
    return { result, counts };
  });
  return {
    imported: true,
    fileError: null,
    ...written.counts,
    lines: rows.map((row) => ({
      line: row.line,
      email: row.email,
      result: written.result.get(row.email) ?? 'unchanged',
    })),
  };
}
