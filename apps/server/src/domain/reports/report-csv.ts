import type { LangCode } from '@kippu/contract';
import type { ReportCell, ReportColumn } from '@kippu/contract/console/reports-schemas';
import { cellText, columnHeader } from './report-texts.ts';

/** UTF-8's byte order mark: Excel reads a CSV without it in the machine's code page (Shift_JIS in Japan). */
export const CSV_BOM = '\uFEFF';

/**
 * A text cell that a spreadsheet would read as a formula (`=`, `+`, `-`, `@`) or that begins with a tab or a
 * carriage return (which some strip before looking) gets a leading `'` (OWASP's CSV injection advice). Only
 * text: a number is a number, whatever its sign.
 */
export function escapeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** RFC 4180: a field with a comma, a quote, CR or LF is quoted, its quotes doubled. */
export function quoteCsv(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}

/** One cell as CSV: numbers as they are, text escaped then quoted, null empty. */
export function csvCell(column: ReportColumn, value: ReportCell, lang: LangCode): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  return quoteCsv(escapeFormula(cellText(column, value, lang)));
}

/** A line of cells, CRLF-terminated. */
export const csvLine = (fields: readonly string[]) => `${fields.join(',')}\r\n`;

/** The header line: the columns' names in `lang` (escaped like any text). */
export const csvHeader = (columns: readonly ReportColumn[], lang: LangCode) =>
  csvLine(columns.map((column) => quoteCsv(escapeFormula(columnHeader(column, lang)))));

export const csvRow = (
  columns: readonly ReportColumn[],
  row: Readonly<Record<string, ReportCell>>,
  lang: LangCode,
) => csvLine(columns.map((column) => csvCell(column, row[column.key] ?? null, lang)));
