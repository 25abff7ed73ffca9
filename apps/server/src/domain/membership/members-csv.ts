import { CsvError, parse } from 'csv-parse/sync';
import type {
  MemberImportFileError,
  MemberImportLineProblem,
} from '@kippu/contract/console/operations-members';
import type { NewMember } from './import-members.ts';
import { fileErrorInEnglish, lineProblemInEnglish } from './member-import-english.ts';

/** Columns of the member CSV (README "Membership login"); the first line names them, in any order. */
const REQUIRED = ['email', 'password', 'name'] as const;
const OPTIONAL = ['resident_area', 'phone', 'age', 'gender'] as const;

/** The shortest password a member may be given. */
const MIN_PASSWORD_LENGTH = 8;

/** A problem of the whole file: its code for the console, its English (the message) for the CLI. */
export class MembersCsvError extends Error {
  readonly problem: MemberImportFileError;

  constructor(problem: MemberImportFileError) {
    super(fileErrorInEnglish(problem));
    this.problem = problem;
  }
}

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
  const rows: CsvRow[] = [];
  // csv-parse's line count (where a record ends) counts a CRLF inside a quoted field as two lines, and
  // carries that on to every later record: the start line is its count less the record's own line breaks
  // (as csv-parse counts them) less what the records before it over-counted.
  let overCounted = 0;
  // The line after the last record read: where a record csv-parse fails on starts. Its error names the
  // line it stopped on instead, which for a quote never closed is the file's last.
  let nextLine = 1;
  try {
    parse(text, {
      bom: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      on_record: (values: string[], info) => {
        const counted = (pattern: RegExp) =>
          values.reduce((sum, value) => sum + (value.match(pattern)?.length ?? 0), 0);
        rows.push({ values, line: info.lines - counted(/[\r\n]/g) - overCounted });
        overCounted += counted(/\r\n/g);
        nextLine = info.lines - overCounted + 1;
        return values;
      },
    });
  } catch (error) {
    // csv-parse's message is English for developers: the console gets the code and the line only.
    if (error instanceof CsvError) throw new MembersCsvError({ code: 'not_csv', line: nextLine });
    throw error;
  }
  return rows.filter(({ values }) => values.some((value) => value.trim() !== ''));
}

/** The file's rows as lists of fields. */
export function parseCsv(text: string): string[][] {
  return csvRows(text).map((row) => row.values);
}

/** One data row of the file: the member it names, or why it cannot be imported. */
export type MemberCsvLine =
  | { line: number; email: string; member: NewMember; problem?: undefined }
  | { line: number; email: string; member?: undefined; problem: MemberImportLineProblem };

/** The header's columns; a file without the required ones, or with unknown ones, is refused whole. */
function checkedColumns(header: CsvRow | undefined): string[] {
  if (!header) throw new MembersCsvError({ code: 'empty_file' });
  const columns = header.values.map((name) => name.trim().toLowerCase());
  for (const column of REQUIRED)
    if (!columns.includes(column)) throw new MembersCsvError({ code: 'missing_column', column });
  const unknown = columns.filter((name) => ![...REQUIRED, ...OPTIONAL].includes(name as never));
  if (unknown.length > 0) throw new MembersCsvError({ code: 'unknown_columns', columns: unknown });
  return columns;
}

/** `seen`: the addresses of the lines before, with the line each was first on. */
function memberOf(
  columns: string[],
  { values, line }: CsvRow,
  seen: Map<string, number>,
): NewMember | MemberImportLineProblem {
  const get = (name: string) => (values[columns.indexOf(name)] ?? '').trim();
  const email = get('email').toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return { code: 'bad_email' };
  const firstLine = seen.get(email);
  if (firstLine !== undefined) return { code: 'duplicate_email', first_line: firstLine };
  seen.set(email, line);
  // The password is taken as written: spaces may be part of it.
  const password = values[columns.indexOf('password')] ?? '';
  if (password.length < MIN_PASSWORD_LENGTH)
    return { code: 'short_password', min_length: MIN_PASSWORD_LENGTH };
  if (!get('name')) return { code: 'empty_name' };
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
 * Every data row of a member CSV with its member or its problem (the console answers line by line); throws
 * MembersCsvError for a problem of the whole file (not CSV, no header, a missing or unknown column).
 */
export function memberCsvLines(text: string): MemberCsvLine[] {
  const [header, ...rows] = csvRows(text);
  const columns = checkedColumns(header);
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const email = (row.values[columns.indexOf('email')] ?? '').trim().toLowerCase();
    const member = memberOf(columns, row, seen);
    return 'code' in member ? { line: row.line, email, problem: member } : { line: row.line, email, member };
  });
}

/**
 * The members of a CSV file, or an error naming the first line that is wrong in English (MembersCsvError for
 * the whole file's problem).
 */
export function membersFromCsv(text: string): NewMember[] {
  return memberCsvLines(text).map((row) => {
    if (row.problem !== undefined)
      throw new Error(`line ${row.line}: ${lineProblemInEnglish(row.problem, row.email)}`);
    return row.member;
  });
}
