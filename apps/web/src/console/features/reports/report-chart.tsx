import { useId } from 'react';
import { labelledIndexes, valueTicks } from './chart-scale.ts';

/** One line or one set of bars: a name for the legend and a value per category (null: no figure there). */
export interface ChartSeries {
  key: string;
  label: string;
  values: readonly (number | null)[];
}

/**
 * Series colours, each at least 3:1 against the white panel (WCAG 1.4.11) and told apart by more than hue:
 * lines by their marks, bars by their order and the legend.
 */
export const SERIES_COLOURS = ['#0b5cad', '#b45309', '#1b6b34', '#7b3fa0'] as const;
/** The capacity behind fill bars: the console's muted ink (7.5:1), drawn as a dashed outline. */
const CAPACITY_COLOUR = '#4a5360';
const GRID_COLOUR = '#c9ced6';

const WIDTH = 760;
const HEIGHT = 260;
const LEFT = 88;
const RIGHT = 12;
const TOP = 12;
const BOTTOM = 44;
const PLOT_WIDTH = WIDTH - LEFT - RIGHT;
const PLOT_HEIGHT = HEIGHT - TOP - BOTTOM;
/** About how wide a character of the bottom labels is (12px text; CJK characters count double). */
const CHARACTER_WIDTH = 7.5;

type Mark = (x: number, y: number, colour: string) => React.JSX.Element;
/** Each line's points have their own shape, so two lines stay apart for someone who cannot tell the colours. */
const MARKS: readonly Mark[] = [
  (x, y, colour) => <circle cx={x} cy={y} r={4} fill={colour} />,
  (x, y, colour) => <rect x={x - 4} y={y - 4} width={8} height={8} fill={colour} />,
  (x, y, colour) => <path d={`M${x} ${y - 5}L${x + 5} ${y}L${x} ${y + 5}L${x - 5} ${y}Z`} fill={colour} />,
  (x, y, colour) => <path d={`M${x} ${y - 5}L${x + 5} ${y + 4}L${x - 5} ${y + 4}Z`} fill={colour} />,
];

/**
 * A report's chart, hand-drawn in SVG (the console carries no chart library: ADR 067's budget and nothing it
 * would add here). A line for figures over time, grouped bars for figures per category; `capacity` draws a
 * dashed outline behind each group (fill per slot). The figure is named by its caption and points to the table
 * that holds the same figures, which is the chart's text alternative; the SVG itself is one image.
 */
export function ReportChart({
  kind,
  title,
  note,
  labels,
  series,
  capacity,
  capacityLabel,
  format,
}: {
  kind: 'line' | 'bar';
  /** The chart's accessible name (its caption). */
  title: string;
  /** Where the figures are as text ("The table below lists the same figures"). */
  note: string;
  /** One label per category, in order (a day, a slot, a product). */
  labels: readonly string[];
  series: readonly ChartSeries[];
  capacity?: readonly (number | null)[];
  capacityLabel?: string;
  /** A value as the axis and the tooltips show it (yen or a count). */
  format: (value: number) => string;
}) {
  const id = useId();
  const captionId = `${id}-caption`;
  const noteId = `${id}-note`;
  const values = [...series.flatMap((each) => each.values), ...(capacity ?? [])].filter(
    (value): value is number => typeof value === 'number',
  );
  const ticks = valueTicks(Math.max(0, ...values));
  const top = ticks[ticks.length - 1]!;
  const y = (value: number) => TOP + PLOT_HEIGHT - (Math.max(0, value) / top) * PLOT_HEIGHT;
  const band = PLOT_WIDTH / Math.max(1, labels.length);
  const centre = (index: number) => LEFT + band * (index + 0.5);
  // As many bottom labels as fit side by side with a gap, judged by the longest.
  const longest = Math.max(
    1,
    ...labels.map((label) => [...label].reduce((sum, char) => sum + (char > '\u2e7f' ? 2 : 1), 0)),
  );
  const shown = labelledIndexes(
    labels.length,
    Math.max(2, Math.floor(PLOT_WIDTH / (longest * CHARACTER_WIDTH + 12))),
  );

  return (
    <figure className="c-chart">
      <figcaption id={captionId} className="c-chart__title">
        {title}
      </figcaption>
      <svg
        className="c-chart__svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={captionId}
        aria-describedby={noteId}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(tick)} y2={y(tick)} stroke={GRID_COLOUR} />
            <text x={LEFT - 8} y={y(tick) + 4} textAnchor="end" className="c-chart__axis">
              {format(tick)}
            </text>
          </g>
        ))}
        {labels.map((label, index) =>
          shown.has(index) ? (
            <text
              key={index}
              x={centre(index)}
              y={HEIGHT - BOTTOM + 18}
              textAnchor="middle"
              className="c-chart__axis"
            >
              {label}
            </text>
          ) : null,
        )}
        {kind === 'bar' ? (
          <Bars band={band} y={y} labels={labels} series={series} capacity={capacity} format={format} />
        ) : (
          <Lines centre={centre} y={y} labels={labels} series={series} format={format} />
        )}
      </svg>
      <ul className="c-chart__legend">
        {series.map((each, index) => {
          const colour = SERIES_COLOURS[index % SERIES_COLOURS.length]!;
          return (
            <li key={each.key}>
              {kind === 'line' ? (
                // The line's own mark beside its name, as on the chart.
                <svg aria-hidden="true" className="c-chart__swatch c-chart__swatch--mark" viewBox="0 0 26 14">
                  <line x1={0} x2={26} y1={7} y2={7} stroke={colour} strokeWidth={2.5} />
                  {MARKS[index % MARKS.length]!(13, 7, colour)}
                </svg>
              ) : (
                <span aria-hidden="true" className="c-chart__swatch" style={{ background: colour }} />
              )}
              {each.label}
            </li>
          );
        })}
        {capacity && capacityLabel ? (
          <li>
            <span aria-hidden="true" className="c-chart__swatch c-chart__swatch--capacity" />
            {capacityLabel}
          </li>
        ) : null}
      </ul>
      <p id={noteId} className="c-muted c-chart__note">
        {note}
      </p>
    </figure>
  );
}

function Lines({
  centre,
  y,
  labels,
  series,
  format,
}: {
  centre: (index: number) => number;
  y: (value: number) => number;
  labels: readonly string[];
  series: readonly ChartSeries[];
  format: (value: number) => string;
}) {
  return (
    <>
      {series.map((each, index) => {
        const colour = SERIES_COLOURS[index % SERIES_COLOURS.length]!;
        const mark = MARKS[index % MARKS.length]!;
        // A missing figure breaks the line rather than drawing it down to zero.
        const path = each.values
          .map((value, at) =>
            value === null
              ? ''
              : `${at > 0 && each.values[at - 1] !== null ? 'L' : 'M'}${centre(at)} ${y(value)}`,
          )
          .join('');
        return (
          <g key={each.key}>
            <path d={path} fill="none" stroke={colour} strokeWidth={2.5} strokeLinejoin="round" />
            {each.values.map((value, at) =>
              value === null ? null : (
                <g key={at}>
                  <title>{`${labels[at]} · ${each.label}: ${format(value)}`}</title>
                  {mark(centre(at), y(value), colour)}
                </g>
              ),
            )}
          </g>
        );
      })}
    </>
  );
}

function Bars({
  band,
  y,
  labels,
  series,
  capacity,
  format,
}: {
  band: number;
  y: (value: number) => number;
  labels: readonly string[];
  series: readonly ChartSeries[];
  capacity?: readonly (number | null)[];
  format: (value: number) => string;
}) {
  const group = band * 0.76;
  const width = group / Math.max(1, series.length);
  const base = y(0);
  return (
    <>
      {labels.map((label, at) => {
        const left = LEFT + band * at + (band - group) / 2;
        const room = capacity?.[at];
        return (
          <g key={at}>
            {typeof room === 'number' ? (
              <rect
                x={left - 1}
                y={y(room)}
                width={group + 2}
                height={base - y(room)}
                fill="none"
                stroke={CAPACITY_COLOUR}
                strokeDasharray="4 3"
              >
                <title>{`${label}: ${format(room)}`}</title>
              </rect>
            ) : null}
            {series.map((each, index) => {
              const value = each.values[at];
              if (typeof value !== 'number') return null;
              return (
                <rect
                  key={each.key}
                  x={left + width * index + 0.5}
                  y={y(value)}
                  width={Math.max(1, width - 1)}
                  height={base - y(value)}
                  fill={SERIES_COLOURS[index % SERIES_COLOURS.length]}
                >
                  <title>{`${label} · ${each.label}: ${format(value)}`}</title>
                </rect>
              );
            })}
          </g>
        );
      })}
    </>
  );
}
