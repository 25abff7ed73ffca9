import type { ReportAnswer } from '@kippu/contract/console/reports-schemas';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { useReportCells } from './report-cells.ts';
import { ReportChart } from './report-chart.tsx';

/**
 * The chart a report's answer asks for (`chart`: its x column and series columns), drawn from its rows: sales
 * over time as lines, fill per slot as bars with the capacity behind them. Nothing when the answer has no chart
 * or no rows: the table alone says "nothing".
 */
export function ReportAnswerChart({ answer }: { answer: ReportAnswer }) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const cells = useReportCells();
  const { chart, rows, columns } = answer;
  if (!chart || rows.length === 0) return null;
  const column = (key: string) => columns.find((each) => each.key === key);
  const figure = (value: unknown) => (typeof value === 'number' ? value : null);
  // Capacity is what the bars fill, not one more bar.
  const hasCapacity = chart.kind === 'bar' && chart.series.includes('capacity');
  const plotted = chart.series.filter((key) => !(hasCapacity && key === 'capacity'));
  if (plotted.length === 0) return null;
  const first = column(plotted[0]!);
  const format = (value: number) =>
    first?.kind === 'yen'
      ? f.yen(value)
      : first?.kind === 'percent'
        ? cells.value(first, value)
        : f.count(value);
  // A fill in percent is measured against a full slot: 100 % is its capacity.
  const percentFill = chart.kind === 'bar' && !hasCapacity && first?.kind === 'percent';
  const series = plotted.map((key) => ({
    key,
    label: cells.header(key),
    values: rows.map((row) => figure(row[key])),
  }));
  return (
    <ReportChart
      kind={chart.kind}
      title={t('reports_chart_name', {
        series: series.map((each) => each.label).join(t('reports_list_separator')),
        x: cells.header(chart.x),
      })}
      note={t('reports_chart_note')}
      labels={cells.axis(
        column(chart.x),
        rows.map((row) => row[chart.x]),
      )}
      series={series}
      capacity={
        hasCapacity ? rows.map((row) => figure(row.capacity)) : percentFill ? rows.map(() => 100) : undefined
      }
      capacityLabel={hasCapacity || percentFill ? cells.header('capacity') : undefined}
      format={format}
    />
  );
}
