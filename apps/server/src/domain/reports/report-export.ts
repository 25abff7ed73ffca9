import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import XLSXTransformStream from 'xlsx-write-stream';
import type { LangCode } from '@kippu/contract';
import type { ExportFormat, ReportCell, ReportColumn } from '@kippu/contract/console/reports-schemas';
import type { Db, Tx } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { extendTimeouts } from '../../db/timeouts.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { cellsOf, reportQuery } from './report-answer.ts';
import { CSV_BOM, csvHeader, csvRow } from './report-csv.ts';
import type { ReportScope } from './report-scope.ts';
import { cellText, columnHeader } from './report-texts.ts';

/** Rows read per FETCH: the most an export holds in memory at once (with the encoder's and socket's buffers). */
export const EXPORT_BATCH_ROWS = 1000;
/**
 * A slow reader keeps the export's transaction open between FETCHes: the pool's idle limit (60 s) would end
 * it, so an export's transaction waits up to 15 minutes for its reader; each FETCH may take 2 minutes.
 */
const EXPORT_TIMEOUTS = { statementMs: 120_000, idleInTransactionMs: 900_000 };

export const EXPORT_CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface ReportExportRequest {
  scope: ReportScope;
  format: ExportFormat;
  actor: AuditActor;
  organisationId: number;
  /** The filters as the caller sent them, for the audit row. */
  filters: Record<string, unknown>;
}

export interface ReportExport {
  filename: string;
  contentType: string;
  /** The file's bytes, produced as the reader takes them (backpressure down to the FETCHes). */
  body: Readable;
}

/**
 * Starts an export (ADR 085): in one REPEATABLE READ transaction on a connection of its own, the audit row
 * (who, which report, the filters, the format), then a cursor over the report's one statement. Returns once both
 * are done, so a refusal still answers as an error; the body then FETCHes 1000 rows at a time only when its
 * reader wants more, encodes them (CSV or XLSX) and commits when done. A reader that goes away stops the
 * FETCHes; the transaction commits all the same (the audit row stays: the export began).
 */
export async function openReportExport(db: Db, request: ReportExportRequest): Promise<ReportExport> {
  const client = await db.$client.connect();
  const tx = drizzle(client, { schema }) as unknown as Tx;
  let columns: ReportColumn[];
  let toCells: (row: Record<string, unknown>) => Record<string, ReportCell>;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    await extendTimeouts(client, EXPORT_TIMEOUTS);
    const { scope } = request;
    await recordAudit(tx, {
      actor: request.actor,
      organisationId: request.organisationId,
      siteCode: scope.organisationWide ? scope.site : (scope.siteCodes[0] ?? null),
      objectType: 'report',
      objectId: scope.report,
      action: 'exported',
      after: {
        report: scope.report,
        format: request.format,
        lang: scope.lang,
        sites: [...scope.siteCodes],
        from: scope.from,
        to: scope.to,
        filters: request.filters,
      },
    });
    const query = await reportQuery(tx, scope);
    columns = query.columns;
    toCells = (row) => cellsOf(query, row);
    await tx.execute(sql`DECLARE report_export NO SCROLL CURSOR FOR ${query.statement}`);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
    throw error;
  }
  const { scope } = request;
  const encoder =
    request.format === 'csv' ? csvEncoder(columns, scope.lang) : xlsxEncoder(columns, scope.lang);
  void pump(client, toCells, encoder);
  return {
    filename: `${scope.report}-${scope.organisationWide ? (scope.site ?? 'all') : scope.siteCodes[0]}-${scope.from}-${scope.to}.${request.format}`,
    contentType: EXPORT_CONTENT_TYPES[request.format],
    body: encoder.output,
  };
}

interface Encoder {
  output: Readable;
  /** Resolves when the encoder can take more; false when its reader has gone. */
  write(row: Record<string, ReportCell>): Promise<boolean>;
  end(): void;
  fail(error: Error): void;
}

/** Reads the cursor into the encoder, a batch at a time, then commits and gives the connection back. */
async function pump(
  client: import('pg').PoolClient,
  toCells: (row: Record<string, unknown>) => Record<string, ReportCell>,
  encoder: Encoder,
): Promise<void> {
  let failure: Error | undefined;
  try {
    reading: for (;;) {
      const { rows } = await client.query<Record<string, unknown>>(
        `FETCH ${EXPORT_BATCH_ROWS} FROM report_export`,
      );
      for (const row of rows) {
        if (!(await encoder.write(toCells(row)))) break reading;
      }
      if (rows.length < EXPORT_BATCH_ROWS) break;
    }
    await client.query('CLOSE report_export');
    await client.query('COMMIT');
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    await client.query('ROLLBACK').catch(() => undefined);
  } finally {
    client.release(failure);
  }
  if (failure) encoder.fail(failure);
  else encoder.end();
}

/** Waits until `stream` wants more; false when it was closed or destroyed first. */
async function drained(stream: NodeJS.WritableStream & { destroyed: boolean }): Promise<boolean> {
  if (stream.destroyed) return false;
  const [event] = await Promise.race([
    once(stream, 'drain').then(() => ['drain']),
    once(stream, 'close').then(() => ['close']),
  ]);
  return event === 'drain' && !stream.destroyed;
}

function csvEncoder(columns: readonly ReportColumn[], lang: LangCode): Encoder {
  const output = new PassThrough();
  output.write(CSV_BOM + csvHeader(columns, lang));
  return {
    output,
    async write(row) {
      if (output.destroyed) return false;
      return output.write(csvRow(columns, row, lang)) || drained(output);
    },
    end: () => output.end(),
    fail: (error) => output.destroy(error),
  };
}

/**
 * XLSX through xlsx-write-stream (ADR 085): one sheet, the header then the rows; text as inline strings (never
 * a formula, so no escape is needed), numbers as numbers. Its transform holds back a write while its output is
 * unread, so the reader's pace reaches the FETCHes.
 */
function xlsxEncoder(columns: readonly ReportColumn[], lang: LangCode): Encoder {
  const sheet = new XLSXTransformStream();
  const output = new PassThrough();
  sheet.pipe(output);
  output.on('close', () => {
    if (!sheet.destroyed) sheet.destroy();
  });
  sheet.write(columns.map((column) => columnHeader(column, lang)));
  const cells = (row: Record<string, ReportCell>) =>
    columns.map((column) => {
      const value = row[column.key] ?? null;
      return typeof value === 'string' ? cellText(column, value, lang) : value;
    });
  return {
    output,
    async write(row) {
      if (sheet.destroyed || output.destroyed) return false;
      return sheet.write(cells(row)) || drained(sheet);
    },
    end: () => sheet.end(),
    fail: (error) => {
      sheet.destroy();
      output.destroy(error);
    },
  };
}
