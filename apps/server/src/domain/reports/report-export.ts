import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import XLSXTransformStream from 'xlsx-write-stream';
import type { LangCode } from '@kippu/contract';
import type { ExportFormat, ReportCell, ReportColumn } from '@kippu/contract/console/reports-schemas';
import type { Db, Tx } from '../../db/client.ts';
import { extendTimeouts } from '../../db/timeouts.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { cellsOf, reportQuery } from './report-answer.ts';
import { CSV_BOM, csvHeader, csvRow } from './report-csv.ts';
import { takeExportSlot } from './export-slots.ts';
import type { ReportScope } from './report-scope.ts';
import { cellText, columnHeader } from './report-texts.ts';

/** Rows read per FETCH: the most an export holds in memory at once (with the encoder's and socket's buffers). */
export const EXPORT_BATCH_ROWS = 1000;
/**
 * A reader that takes nothing for this long has stalled (gone without closing, or a slow-loris): the download
 * is ended and its cursor closed, so the connection goes back to the pool (ADR 085 addendum). A browser saving
 * to disk drains continuously; a minute without a byte taken is not a download any more.
 */
export const EXPORT_STALL_MS = 60_000;
/**
 * A slow reader keeps the export's transaction open between FETCHes: the pool's idle limit (60 s) would end
 * it, so an export's transaction may idle a little longer than the stall cut-off (which ends it first); each
 * FETCH may take 2 minutes.
 */
const EXPORT_TIMEOUTS = { statementMs: 120_000, idleInTransactionMs: EXPORT_STALL_MS + 60_000 };

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
 * FETCHes; the transaction commits all the same (the audit row stays: the export began). A reader that takes
 * nothing for EXPORT_STALL_MS is cut off the same way. At most 2 exports per organisation and 4 per process run
 * at once (export-slots.ts): one more answers 429 before any connection is taken.
 */
export async function openReportExport(db: Db, request: ReportExportRequest): Promise<ReportExport> {
  const releaseSlot = takeExportSlot(request.organisationId);
  let client: import('pg').PoolClient;
  try {
    client = await db.$client.connect();
  } catch (error) {
    releaseSlot();
    throw error;
  }
  const tx = drizzle(client) as unknown as Tx;
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
    releaseSlot();
    throw error;
  }
  const { scope } = request;
  const encoder =
    request.format === 'csv' ? csvEncoder(columns, scope.lang) : xlsxEncoder(columns, scope.lang);
  void pump(client, toCells, encoder).finally(releaseSlot);
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

/**
 * Waits until `stream` wants more: 'drain', or 'gone' when it was closed or destroyed first, or 'stalled' when
 * its reader took nothing for EXPORT_STALL_MS.
 */
async function drained(
  stream: NodeJS.WritableStream & { destroyed: boolean },
): Promise<'drain' | 'gone' | 'stalled'> {
  if (stream.destroyed) return 'gone';
  const waiting = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  try {
    const event = await Promise.race([
      // An 'error' (a reader gone with an error) rejects `once`: the reader is gone all the same.
      once(stream, 'drain', { signal: waiting.signal }).then(
        () => 'drain' as const,
        () => 'gone' as const,
      ),
      once(stream, 'close', { signal: waiting.signal }).then(
        () => 'gone' as const,
        () => 'gone' as const,
      ),
      new Promise<'stalled'>((resolve) => (timer = setTimeout(() => resolve('stalled'), EXPORT_STALL_MS))),
    ]);
    return event === 'drain' && stream.destroyed ? 'gone' : event;
  } finally {
    clearTimeout(timer);
    waiting.abort();
  }
}

/** The reader's wait as the pump reads it: true to go on; a stalled reader's download is ended here. */
async function wantsMore(stream: NodeJS.WritableStream & { destroyed: boolean }, cut: () => void) {
  const event = await drained(stream);
  if (event === 'stalled') cut();
  return event === 'drain';
}

function csvEncoder(columns: readonly ReportColumn[], lang: LangCode): Encoder {
  const output = new PassThrough();
  output.write(CSV_BOM + csvHeader(columns, lang));
  return {
    output,
    async write(row) {
      if (output.destroyed) return false;
      return (
        output.write(csvRow(columns, row, lang)) ||
        wantsMore(output, () => output.destroy(new Error('export reader stalled')))
      );
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
      return (
        sheet.write(cells(row)) ||
        wantsMore(sheet, () => {
          sheet.destroy();
          output.destroy(new Error('export reader stalled'));
        })
      );
    },
    end: () => sheet.end(),
    fail: (error) => {
      sheet.destroy();
      output.destroy(error);
    },
  };
}
