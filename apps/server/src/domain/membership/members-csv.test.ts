import { describe, expect, it } from 'vitest';
import { MembersCsvError, membersFromCsv, parseCsv } from './members-csv.ts';

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
      /line 3: a@b.jp appears twice/,
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
      /Quote Not Closed/,
    );
  });
});
