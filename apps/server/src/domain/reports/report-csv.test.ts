import { describe, expect, it } from 'vitest';
import type { ReportColumn } from '@kippu/contract/console/reports-schemas';
import { csvCell, csvHeader, csvRow, escapeFormula, quoteCsv } from './report-csv.ts';

const text: ReportColumn = { key: 'addressee', kind: 'text' };
const yen: ReportColumn = { key: 'amount', kind: 'yen' };

describe('CSV cells (ADR 085)', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+81 3 1234', "'+81 3 1234"],
    ['-1+2', "'-1+2"],
    ['@cmd', "'@cmd"],
    ['\tindent', "'\tindent"],
    ['\rreturn', "'\rreturn"],
    ['株式会社=テスト', '株式会社=テスト'],
    ['', ''],
  ])('escapes %j against formula injection as %j', (input, expected) => {
    expect(escapeFormula(input)).toBe(expected);
  });

  it('quotes as RFC 4180 asks: commas, quotes, CR and LF', () => {
    expect(quoteCsv('a,b')).toBe('"a,b"');
    expect(quoteCsv('say "hi"')).toBe('"say ""hi"""');
    expect(quoteCsv('two\nlines')).toBe('"two\nlines"');
    expect(quoteCsv('plain')).toBe('plain');
  });

  it('leaves numbers as numbers (a negative amount is no formula) and null empty', () => {
    expect(csvCell(yen, -3000, 'ja')).toBe('-3000');
    expect(csvCell(text, '-3000', 'ja')).toBe("'-3000");
    expect(csvCell(text, null, 'ja')).toBe('');
  });

  it('writes the header in the language asked and ends every line with CRLF', () => {
    expect(csvHeader([text, yen], 'ja')).toBe('宛名,金額\r\n');
    expect(csvHeader([text, yen], 'en')).toBe('Addressee,Amount\r\n');
    expect(csvRow([text, yen], { addressee: '=1+1, "x"', amount: 10 }, 'en')).toBe(`"'=1+1, ""x""",10\r\n`);
  });

  it("names a settlement movement's kind in the file's language", () => {
    expect(csvCell({ key: 'kind', kind: 'text' }, 'refund', 'ja')).toBe('返金');
  });
});
