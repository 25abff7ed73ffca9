import type { NewMember } from '../domain/membership/import-members.ts';

/** Columns of the member CSV (README "Membership login"); the first line names them, in any order. */
const REQUIRED = ['email', 'password', 'name'] as const;
const OPTIONAL = ['resident_area', 'phone', 'age', 'gender'] as const;

export class MembersCsvError extends Error {}

/** RFC 4180 fields: commas and newlines inside double quotes, `""` for a quote. A BOM is dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i += 1) {
    const c = input[i];
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (quoted) throw new MembersCsvError('a quoted field is not closed');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((value) => value.trim() !== ''));
}

/** The members of a CSV file, or an error naming the line that is wrong. */
export function membersFromCsv(text: string): NewMember[] {
  const [header, ...lines] = parseCsv(text);
  if (!header) throw new MembersCsvError('the file is empty');
  const columns = header.map((name) => name.trim().toLowerCase());
  for (const name of REQUIRED)
    if (!columns.includes(name)) throw new MembersCsvError(`the header has no "${name}" column`);
  const unknown = columns.filter((name) => ![...REQUIRED, ...OPTIONAL].includes(name as never));
  if (unknown.length > 0) throw new MembersCsvError(`unknown column(s): ${unknown.join(', ')}`);
  const seen = new Set<string>();
  return lines.map((values, index) => {
    const line = index + 2;
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
