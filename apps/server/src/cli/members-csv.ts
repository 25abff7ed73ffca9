import { CsvError, parse, type InfoRecord } from 'csv-parse/sync';
import type { NewMember } from '../domain/membership/import-members.ts';

/** Columns of the member CSV (README "Membership login"); the first line names them, in any order. */
const REQUIRED = ['email', 'password', 'name'] as const;
const OPTIONAL = ['resident_area', 'phone', 'age', 'gender'] as const;

export class MembersCsvError extends Error {}

interface CsvRow {
  values: string[];
  /** The file's line the row starts on (a quoted field may hold line breaks). */
  line: number;
}

/**
 * The file's rows by csv-parse (RFC 4180: commas and line breaks inside double quotes, `""` for a quote),
 * as spreadsheets write them: a BOM is dropped, CRLF, LF or CR ends a line, a row may have fewer columns
 * than the header, and rows with only blanks are skipped.
 */
function csvRows(text: string): CsvRow[] {
  let records: { record: string[]; info: InfoRecord }[];
  try {
    // csv-parse's types do not follow `info: true`, which makes each record `{ record, info }`.
    records = parse(text, {
      bom: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      info: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) throw new MembersCsvError(error.message);
    throw error;
  }
  // csv-parse's line count (where a record ends) counts a CRLF inside a quoted field as two lines, and
  // carries that on to every later record: the start line is its count less the record's own line breaks
  // (as csv-parse counts them) less what the records before it over-counted.
  let overCounted = 0;
  const rows = records.map(({ record, info }) => {
    const counted = (pattern: RegExp) =>
      record.reduce((sum, value) => sum + (value.match(pattern)?.length ?? 0), 0);
    const line = info.lines - counted(/[\r\n]/g) - overCounted;
    overCounted += counted(/\r\n/g);
    return { values: record, line };
  });
  return rows.filter(({ values }) => values.some((value) => value.trim() !== ''));
}

/** The file's rows as lists of fields. */
export function parseCsv(text: string): string[][] {
  return csvRows(text).map((row) => row.values);
}

/** The members of a CSV file, or an error naming the line that is wrong. */
export function membersFromCsv(text: string): NewMember[] {
  const [header, ...rows] = csvRows(text);
  if (!header) throw new MembersCsvError('the file is empty');
  const columns = header.values.map((name) => name.trim().toLowerCase());
  for (const name of REQUIRED)
    if (!columns.includes(name)) throw new MembersCsvError(`the header has no "${name}" column`);
  const unknown = columns.filter((name) => ![...REQUIRED, ...OPTIONAL].includes(name as never));
  if (unknown.length > 0) throw new MembersCsvError(`unknown column(s): ${unknown.join(', ')}`);
  const seen = new Set<string>();
  return rows.map(({ values, line }) => {
    const get = (name: string) => (values[columns.indexOf(name)] ?? '').trim();
    const email = get('email').toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      throw new MembersCsvError(`line ${line}: bad e-mail "${email}"`);
    if (seen.has(email)) throw new MembersCsvError(`line ${line}: ${email} appears twice`);
    seen.add(email);
    // The password is taken as written: spaces may be part of it.
    const password = values[columns.indexOf('password')] ?? '';
    if (password.length < 8)
      throw new MembersCsvError(`line ${line}: the password has fewer than 8 characters`);
    if (!get('name')) throw new MembersCsvError(`line ${line}: the name is empty`);
    return {
      email,
      password,
      name: get('name'),
      residentArea: get('resident_area'),
      phone: get('phone'),
      age: get('age'),
      gender: get('gender'),
    };
  });
}
