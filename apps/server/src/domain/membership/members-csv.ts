import { CsvError, parse, type InfoRecord } from 'csv-parse/sync';
import type { NewMember } from './import-members.ts';

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

/** One data row of the file: the member it names, or why it cannot be imported. */
export type MemberCsvLine =
  | { line: number; email: string; member: NewMember; error?: undefined }
  | { line: number; email: string; member?: undefined; error: string };

/** The header's columns; a file without the required ones, or with unknown ones, is refused whole. */
function checkedColumns(header: CsvRow | undefined): string[] {
  if (!header) throw new MembersCsvError('the file is empty');
  const columns = header.values.map((name) => name.trim().toLowerCase());
  for (const name of REQUIRED)
    if (!columns.includes(name)) throw new MembersCsvError(`the header has no "${name}" column`);
  const unknown = columns.filter((name) => ![...REQUIRED, ...OPTIONAL].includes(name as never));
  if (unknown.length > 0) throw new MembersCsvError(`unknown column(s): ${unknown.join(', ')}`);
  return columns;
}

function memberOf(columns: string[], values: string[], seen: Set<string>): NewMember | string {
  const get = (name: string) => (values[columns.indexOf(name)] ?? '').trim();
  const email = get('email').toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return `bad e-mail "${email}"`;
  if (seen.has(email)) return `${email} appears twice`;
  seen.add(email);
  // The password is taken as written: spaces may be part of it.
  const password = values[columns.indexOf('password')] ?? '';
  if (password.length < 8) return 'the password has fewer than 8 characters';
  if (!get('name')) return 'the name is empty';
  return {
    email,
    password,
    name: get('name'),
    residentArea: get('resident_area'),
    phone: get('phone'),
    age: get('age'),
    gender: get('gender'),
  };
}

/**
 * Every data row of a member CSV with its member or its error (the console answers line by line); throws
 * MembersCsvError for a problem of the whole file (not CSV, no header, a missing or unknown column).
 */
export function memberCsvLines(text: string): MemberCsvLine[] {
  const [header, ...rows] = csvRows(text);
  const columns = checkedColumns(header);
  const seen = new Set<string>();
  return rows.map(({ values, line }) => {
    const email = (values[columns.indexOf('email')] ?? '').trim().toLowerCase();
    const member = memberOf(columns, values, seen);
    return typeof member === 'string' ? { line, email, error: member } : { line, email, member };
  });
}

/** The members of a CSV file, or an error naming the first line that is wrong (the CLI). */
export function membersFromCsv(text: string): NewMember[] {
  return memberCsvLines(text).map((row) => {
    if (row.error !== undefined) throw new MembersCsvError(`line ${row.line}: ${row.error}`);
    return row.member;
  });
}
