import { describe, expect, it } from 'vitest';
import { memberCsvLines, MembersCsvError, membersFromCsv, parseCsv } from './members-csv.ts';

describe('member CSV', () => {
  it('reads quoted fields, CRLF lines, a BOM and columns in any order', () => {
    expect(parseCsv('\uFEFFa,"b,""c"""\r\n1,2\n')).toEqual([
      ['a', 'b,"c"'],
      ['1', '2'],
    ]);
    expect(
      membersFromCsv('name,email,password,age\n"Kippu, Hanako", Hanako@Example.JP ,secret-pass,30-39\n'),
    ).toEqual([
      {
        email: 'hanako@example.jp',
        password: 'secret-pass',
        name: 'Kippu, Hanako',
        residentArea: '',
        phone: '',
        age: '30-39',
        gender: '',
      },
    ]);
  });

  it('names the line of a bad row', () => {
    expect(() => membersFromCsv('email,password,name\nnot-mail,secret-pass,A\n')).toThrow(
      /line 2: bad e-mail/,
    );
    expect(() => membersFromCsv('email,password,name\na@b.jp,short,A\n')).toThrow(/line 2: the password/);
    expect(() => membersFromCsv('email,password,name\na@b.jp,secret-pass,A\nA@b.jp,secret-pass,B\n')).toThrow(
      /line 3: a@b.jp appears twice \(first on line 2\)/,
    );
    expect(() => membersFromCsv('email,name\n')).toThrow(MembersCsvError);
  });

  it('reads line breaks and quotes inside quoted fields, CR-only lines, blank lines and short rows', () => {
    expect(parseCsv('a,"line one\r\nline two",c\r"x ""y""",,\n\n  ,  \n1')).toEqual([
      ['a', 'line one\r\nline two', 'c'],
      ['x "y"', '', ''],
      ['1'],
    ]);
    expect(
      membersFromCsv('\uFEFFemail,password,name,resident_area\r\na@b.jp,"pass, word",A\r\n'),
    ).toMatchObject([{ email: 'a@b.jp', password: 'pass, word', name: 'A', residentArea: '' }]);
  });

  it('names the line a row starts on when a quoted field holds line breaks, and refuses an open quote', () => {
    expect(() =>
      membersFromCsv('email,password,name\na@b.jp,secret-pass,"Two\nlines"\n\nnot-mail,secret-pass,B\n'),
    ).toThrow(/line 5: bad e-mail/);
    // A CRLF inside a quoted field is one line break, for that row and every row after it.
    const crlf =
      'email,password,name\r\na@b.jp,secret-pass,"Two\r\nlines"\r\nc@d.jp,secret-pass,"Three\r\nmore\r\nlines"\r\n';
    expect(() => membersFromCsv(`${crlf}not-mail,secret-pass,B\r\n`)).toThrow(/line 7: bad e-mail/);
    expect(() => membersFromCsv('email,password,name\na@b.jp,secret-pass,"open\n')).toThrow(MembersCsvError);
    expect(() => membersFromCsv('email,password,name\na@b.jp,secret-pass,"open\n')).toThrow(
      /not CSV: the row starting on line 2/,
    );
  });
});

/** The problem memberCsvLines throws for the whole file. */
function fileProblem(text: string): unknown {
  try {
    memberCsvLines(text);
  } catch (error) {
    if (error instanceof MembersCsvError) return error.problem;
    throw error;
  }
  throw new Error('the file was taken');
}

describe('member CSV problems as codes (the console words them, the CLI says them in English)', () => {
  it('gives each line its problem with what the words need', () => {
    const lines = memberCsvLines(
      [
        'email,password,name',
        'first@b.jp,secret-pass,A',
        'not-mail,secret-pass,B',
        ',secret-pass,C',
        'First@B.jp,secret-pass,D',
        'e@b.jp,short,E',
        'f@b.jp,secret-pass,  ',
        'g@b.jp,secret-pass,G',
      ].join('\n'),
    );
    expect(lines.map(({ line, email, problem }) => ({ line, email, problem }))).toEqual([
      { line: 2, email: 'first@b.jp', problem: undefined },
      { line: 3, email: 'not-mail', problem: { code: 'bad_email' } },
      { line: 4, email: '', problem: { code: 'bad_email' } },
      { line: 5, email: 'first@b.jp', problem: { code: 'duplicate_email', first_line: 2 } },
      { line: 6, email: 'e@b.jp', problem: { code: 'short_password', min_length: 8 } },
      { line: 7, email: 'f@b.jp', problem: { code: 'empty_name' } },
      { line: 8, email: 'g@b.jp', problem: undefined },
    ]);
  });

  it("refuses the whole file with a code, and never csv-parse's own message", () => {
    expect(fileProblem('')).toEqual({ code: 'empty_file' });
    expect(fileProblem('\uFEFF\n  ,  \r\n')).toEqual({ code: 'empty_file' });
    expect(fileProblem('email,name\nx@y.jp,X\n')).toEqual({ code: 'missing_column', column: 'password' });
    expect(fileProblem('Email,Password,Name, Nickname ,shoe_size\n')).toEqual({
      code: 'unknown_columns',
      columns: ['nickname', 'shoe_size'],
    });
    // A stray quote: the row it is on. A quote never closed: the row it opens (csv-parse names the last line).
    expect(fileProblem('email,password,name\na@b.jp,x"y",A\n')).toEqual({ code: 'not_csv', line: 2 });
    expect(
      fileProblem(
        'email,password,name\r\na@b.jp,secret-pass,"Two\r\nlines"\r\n\r\nc@d.jp,"open,C\r\nd@e.jp,x,D\r\n',
      ),
    ).toEqual({ code: 'not_csv', line: 5 });
    expect(fileProblem('"email,password,name\n')).toEqual({ code: 'not_csv', line: 1 });
    // The CLI's English is the server's own.
    expect(() => memberCsvLines('email,password,name\na@b.jp,secret-pass,"open\n')).toThrow(
      /^the file is not CSV: the row starting on line 2 cannot be read \(check its double quotes\)$/,
    );
  });
});
