import type { ReportAnswer } from '@kippu/contract/console/reports-schemas';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { isFigure, useReportCells } from './report-cells.ts';

/**
 * Any report's figures as one table: the answer's columns in order, figures right aligned, the totals in the
 * table's foot. It is also the chart's text alternative, so it is always there, whatever the chart shows.
 */
export function ReportTable({ caption, answer }: { caption: string; answer: ReportAnswer }) {
  const { t } = useConsoleI18n();
  const cells = useReportCells();
  const { columns, rows, totals } = answer;
  const figureClass = (index: number) => (isFigure(columns[index]!) ? 'c-num' : undefined);
  // A day or a time stays on one line; long text (a list of payment numbers) wraps between its words.
  const cellClass = (index: number) =>
    figureClass(index) ??
    (['date', 'datetime'].includes(columns[index]!.kind) ? 'c-report-table__nowrap' : 'c-report-table__text');
  return (
    <div className="c-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="c-table c-report-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={column.key} scope="col" className={figureClass(index)}>
                {cells.header(column.key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={Math.max(1, columns.length)} className="c-table__empty">
                {t('reports_empty')}
              </td>
            </tr>
          ) : (
            rows.map((row, at) => (
              <tr key={at}>
                {columns.map((column, index) => (
                  <td key={column.key} className={cellClass(index)}>
                    {cells.value(column, row[column.key])}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
        {totals && rows.length > 0 ? (
          <tfoot>
            <tr className="c-report-table__totals">
              {columns.map((column, index) =>
                index === 0 ? (
                  <th key={column.key} scope="row" className={figureClass(index)}>
                    {typeof totals[column.key] === 'number'
                      ? `${t('reports_total')} ${cells.value(column, totals[column.key]!)}`
                      : t('reports_total')}
                  </th>
                ) : (
                  <td key={column.key} className={figureClass(index)}>
                    {typeof totals[column.key] === 'number' ? cells.value(column, totals[column.key]!) : ''}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
