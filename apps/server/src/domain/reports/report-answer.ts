import { sql } from 'drizzle-orm';
import type { ReportAnswer, ReportCell } from '@kippu/contract/console/reports-schemas';
import type { Db, Tx } from '../../db/client.ts';
import { REPORT_BUILDERS } from './report-definitions.ts';
import type { ReportQuery, ReportScope } from './report-scope.ts';

/** Rows on screen unless the caller asks for fewer or more (at most 5000: the export has them all). */
export const DEFAULT_SCREEN_ROWS = 500;

/** The report's statement for a scope (the one both the screen and the export run). */
export function reportQuery(tx: Tx, scope: ReportScope): Promise<ReportQuery> {
  return Promise.resolve(REPORT_BUILDERS[scope.report](tx, scope));
}

/**
 * One report on screen (ADR 084): its first `limit` rows, `truncated` when there are more, and totals over
 * every row (not only those shown), in one read-only snapshot so the rows and the totals agree.
 */
export async function reportAnswer(
  db: Db,
  scope: ReportScope,
  limit: number = DEFAULT_SCREEN_ROWS,
): Promise<ReportAnswer> {
  return db.transaction(
    async (tx) => {
      const query = await reportQuery(tx, scope);
      const { rows } = await tx.execute<Record<string, ReportCell>>(
        sql`${query.statement} LIMIT ${limit + 1}`,
      );
      const summed = query.columns.filter((column) => column.kind === 'yen' || column.kind === 'count');
      let totals: Record<string, number | null> | null = null;
      if (query.totals && summed.length > 0) {
        const sums = sql.join(
          summed.map(
            (column) =>
              sql`COALESCE(sum(q.${sql.identifier(column.key)}), 0)::bigint AS ${sql.identifier(column.key)}`,
          ),
          sql`, `,
        );
        const { rows: totalRows } = await tx.execute<Record<string, number>>(
          sql`SELECT ${sums} FROM (${query.statement}) q`,
        );
        totals = Object.fromEntries(
          query.columns.map((column) => [column.key, totalRows[0]?.[column.key] ?? null]),
        );
        // An id column is a count only for its alignment: its sum means nothing.
        if ('order_id' in totals) totals.order_id = null;
      }
      return {
        report: scope.report,
        filters: {
          from: scope.from,
          to: scope.to,
          site: scope.site,
          view: scope.report === 'settlement' ? scope.view : null,
          group: scope.report === 'sales' ? scope.group : null,
          method: scope.report === 'settlement' ? scope.method : null,
          channel: scope.report === 'sales' ? scope.channel : null,
          product_id: ['sales', 'attendance', 'date-changes'].includes(scope.report) ? scope.productId : null,
        },
        columns: query.columns,
        rows: rows.slice(0, limit).map((row) => cellsOf(query, row)),
        totals,
        chart: query.chart,
        truncated: rows.length > limit,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** A row with exactly the columns' keys, numbers as numbers (bigint arrives as a number, numeric never). */
export function cellsOf(query: ReportQuery, row: Record<string, unknown>): Record<string, ReportCell> {
  return Object.fromEntries(
    query.columns.map((column) => {
      const value = row[column.key];
      if (value === null || value === undefined) return [column.key, null];
      if (column.kind === 'text' || column.kind === 'date' || column.kind === 'datetime')
        return [column.key, String(value)];
      return [column.key, Number(value)];
    }),
  );
}
