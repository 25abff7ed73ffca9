import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useFormat } from '../../shared/format/use-format.ts';
import { HTML_LANG, useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import {
  cellKey,
  columnKeys,
  dayKeys,
  fillStep,
  keyAt,
  moved,
  rectangle,
  toggled,
  type HeatCell,
  type HeatGrid,
  type Position,
} from './heatmap-model.ts';

/** The words a row needs, made once per language so memoised rows compare equal. */
interface Labels {
  cellName: (cell: HeatCell, dayName: string) => string;
  dayName: (day: string) => string;
  dayShort: (day: string) => string;
  percent: (cell: HeatCell) => string;
  noSlot: (dayName: string, time: string) => string;
}

function useLabels(): Labels {
  const { t, lang } = useConsoleI18n();
  const f = useFormat();
  return useMemo(() => {
    const long = new Intl.DateTimeFormat(HTML_LANG[lang], {
      timeZone: 'UTC',
      month: 'long',
      day: 'numeric',
      weekday: 'short',
    });
    const saleText = {
      on: t('schedule_state_on_sale'),
      closed: t('schedule_state_closed'),
      mixed: t('schedule_state_mixed'),
    };
    return {
      dayName: (day) => long.format(new Date(`${day}T00:00:00Z`)),
      dayShort: (day) => f.day(day),
      percent: (cell) =>
        cell.capacity > 0 ? f.percent(Math.min(cell.taken / cell.capacity, 9.99)) : f.count(cell.taken),
      cellName: (cell, dayName) => {
        const parts = [
          t('schedule_cell_name', {
            date: dayName,
            time: cell.time,
            taken: f.count(cell.taken),
            capacity: f.count(cell.capacity),
            state: saleText[cell.sale],
          }),
        ];
        if (cell.slots.length > 1)
          parts.push(t('schedule_cell_slots', { count: f.count(cell.slots.length) }));
        if (cell.slots.some((slot) => slot.edited_by_hand)) parts.push(t('schedule_cell_by_hand'));
        return parts.join(t('schedule_list_separator'));
      },
      noSlot: (dayName, time) => t('schedule_cell_none', { date: dayName, time }),
    };
  }, [t, lang, f]);
}

/** A cell as drawn, worked out once per answer (not on every selection change): 1,200 names are not free. */
interface CellView {
  time: string;
  /** The accessible name (and the tip on hover and focus). */
  name: string;
  /** Absent for a time the day has no slot at. */
  cell?: HeatCell;
  classes?: string;
  text?: string;
}

/** A cell's values as one string: a row re-renders only when one of its cells really changed. */
function signatureOf(cells: readonly (HeatCell | undefined)[]): string {
  return cells
    .map((cell) =>
      cell
        ? `${cell.taken}/${cell.capacity}/${cell.sale}/${cell.slots.map((slot) => `${slot.id}.${slot.version}.${slot.edited_by_hand ? 1 : 0}`).join(',')}`
        : '-',
    )
    .join('|');
}

function viewsOf(
  day: string,
  times: readonly string[],
  cells: readonly (HeatCell | undefined)[],
  labels: Labels,
) {
  const dayName = labels.dayName(day);
  return times.map((time, index): CellView => {
    const cell = cells[index];
    if (!cell) return { time, name: labels.noSlot(dayName, time) };
    const classes = [
      'sch-cell',
      `sch-fill-${fillStep(cell)}`,
      cell.sale === 'closed' ? 'sch-cell--closed' : cell.sale === 'mixed' ? 'sch-cell--mixed' : '',
      cell.slots.some((slot) => slot.edited_by_hand) ? 'sch-cell--hand' : '',
    ];
    return {
      time,
      cell,
      name: labels.cellName(cell, dayName),
      classes: classes.filter(Boolean).join(' '),
      text: labels.percent(cell),
    };
  });
}

interface RowProps {
  row: number;
  day: string;
  /** The times joined: a refetch makes a new array of the same times. */
  timesKey: string;
  views: readonly CellView[];
  signature: string;
  /** The selected columns of this row as a string (`,3,7,`), so equal selections compare equal. */
  selectedCols: string;
  /** The column that takes Tab focus in this row, or -1. */
  focusCol: number;
  labels: Labels;
}

const HeatRow = memo(
  function HeatRow({ row, day, views, selectedCols, focusCol, labels }: RowProps) {
    const weekend = new Date(`${day}T00:00:00Z`).getUTCDay() % 6 === 0;
    return (
      <tr aria-rowindex={row + 1}>
        <th
          scope="row"
          className={weekend ? 'sch-day sch-day--weekend' : 'sch-day'}
          data-row={row}
          data-col={0}
          tabIndex={focusCol === 0 ? 0 : -1}
          aria-colindex={1}
          aria-label={labels.dayName(day)}
        >
          {labels.dayShort(day)}
        </th>
        {views.map((view, index) => {
          const col = index + 1;
          const tabIndex = focusCol === col ? 0 : -1;
          if (!view.cell) {
            return (
              <td
                role="gridcell"
                key={view.time}
                className="sch-cell sch-cell--none"
                data-row={row}
                data-col={col}
                tabIndex={tabIndex}
                aria-colindex={col + 1}
                aria-label={view.name}
              />
            );
          }
          const selected = selectedCols.includes(`,${col},`);
          return (
            <td
              role="gridcell"
              key={view.time}
              className={selected ? `${view.classes} sch-cell--selected` : view.classes}
              data-row={row}
              data-col={col}
              data-tip={view.name}
              tabIndex={tabIndex}
              aria-colindex={col + 1}
              aria-selected={selected}
              aria-label={view.name}
            >
              <span aria-hidden="true">
                {view.cell.sale !== 'on' ? <span className="sch-mark">×</span> : null}
                {view.text}
              </span>
            </td>
          );
        })}
      </tr>
    );
  },
  (a, b) =>
    a.row === b.row &&
    a.day === b.day &&
    a.timesKey === b.timesKey &&
    a.signature === b.signature &&
    a.selectedCols === b.selectedCols &&
    a.focusCol === b.focusCol &&
    a.labels === b.labels,
);

/**
 * The capacity heatmap as an ARIA grid: days are rows (their header chooses the day), start times columns
 * (their header chooses the column). Arrow keys, Home/End and PageUp/PageDown move; Shift with them, or
 * Shift+click, chooses a rectangle; Space or Ctrl/Cmd+click adds or removes a cell (on a header: its day or
 * column); Enter on a header chooses only it; Escape clears; Ctrl/Cmd+A chooses every cell. One cell takes
 * Tab (roving tabindex); rows are memoised, so moving or choosing redraws only the rows it touches.
 */
export function HeatmapGrid({
  grid,
  selection,
  onSelection,
  labelledBy,
}: {
  grid: HeatGrid;
  selection: ReadonlySet<string>;
  onSelection: (next: Set<string>) => void;
  labelledBy: string;
}) {
  const { t } = useConsoleI18n();
  const labels = useLabels();
  const [focus, setFocus] = useState<Position>({ row: 1, col: 1 });
  const anchor = useRef<Position>({ row: 1, col: 1 });
  const table = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);

  // The grid may shrink under the focus (a narrower range): keep the focus inside it.
  const at: Position = {
    row: Math.min(focus.row, grid.days.length),
    col: Math.min(focus.col, grid.times.length),
  };

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    table.current?.querySelector<HTMLElement>(`[data-row="${at.row}"][data-col="${at.col}"]`)?.focus();
  }, [at.row, at.col]);

  const rows = useMemo(
    () =>
      grid.days.map((day) => {
        const cells = grid.times.map((time) => grid.cells.get(cellKey(day, time)));
        return { day, views: viewsOf(day, grid.times, cells, labels), signature: signatureOf(cells) };
      }),
    [grid, labels],
  );

  const selectedByRow = useMemo(() => {
    const byDay = new Map<string, string>();
    const colOf = new Map(grid.times.map((time, index) => [time, index + 1]));
    for (const key of selection) {
      const [day, time] = key.split(' ') as [string, string];
      const col = colOf.get(time);
      if (col === undefined) continue;
      byDay.set(day, `${byDay.get(day) ?? ','}${col},`);
    }
    return byDay;
  }, [selection, grid.times]);

  const timesKey = grid.times.join(',');
  const allKeys = () => [...grid.cells.keys()];

  const keysOf = (position: Position): string[] => {
    if (position.row === 0 && position.col === 0) return allKeys();
    if (position.row === 0) return columnKeys(grid, grid.times[position.col - 1]!);
    if (position.col === 0) return dayKeys(grid, grid.days[position.row - 1]!);
    const key = keyAt(grid, position);
    return key && grid.cells.has(key) ? [key] : [];
  };

  const choose = (position: Position, how: { shift: boolean; toggle: boolean }) => {
    const header = position.row === 0 || position.col === 0;
    if (how.shift && !header) {
      onSelection(new Set(rectangle(grid, anchor.current, position)));
      return;
    }
    anchor.current = position;
    const keys = keysOf(position);
    onSelection(how.toggle ? toggled(selection, keys) : new Set(keys));
  };

  const positionOf = (target: EventTarget): Position | null => {
    const element = (target as HTMLElement).closest<HTMLElement>('[data-row]');
    if (!element) return null;
    return { row: Number(element.dataset.row), col: Number(element.dataset.col) };
  };

  const onClick = (event: MouseEvent) => {
    const position = positionOf(event.target);
    if (!position) return;
    setFocus(position);
    choose(position, { shift: event.shiftKey, toggle: event.ctrlKey || event.metaKey });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const ctrl = event.ctrlKey || event.metaKey;
    const next = moved(grid, at, event.key, ctrl);
    if (next) {
      event.preventDefault();
      moveFocus.current = true;
      setFocus(next);
      if (event.shiftKey && next.row > 0 && next.col > 0) {
        if (at.row === 0 || at.col === 0) anchor.current = next;
        onSelection(new Set(rectangle(grid, anchor.current, next)));
      } else if (!event.shiftKey) {
        anchor.current = next;
      }
      return;
    }
    if (event.key === ' ' || event.key === 'Spacebar') {
      event.preventDefault();
      choose(at, { shift: event.shiftKey, toggle: !event.shiftKey });
    } else if (event.key === 'Enter' && (at.row === 0 || at.col === 0)) {
      event.preventDefault();
      choose(at, { shift: false, toggle: false });
    } else if (event.key === 'Escape' && selection.size > 0) {
      event.preventDefault();
      onSelection(new Set());
    } else if (ctrl && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      onSelection(new Set(allKeys()));
    }
  };

  return (
    <div className="sch-grid-wrap">
      <table
        ref={table}
        role="grid"
        className="sch-grid"
        aria-labelledby={labelledBy}
        aria-multiselectable="true"
        aria-rowcount={grid.days.length + 1}
        aria-colcount={grid.times.length + 1}
        onClick={onClick}
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          const position = positionOf(event.target);
          if (position && (position.row !== at.row || position.col !== at.col)) setFocus(position);
        }}
      >
        <thead>
          <tr aria-rowindex={1}>
            <th
              scope="col"
              className="sch-corner"
              data-row={0}
              data-col={0}
              tabIndex={at.row === 0 && at.col === 0 ? 0 : -1}
              aria-colindex={1}
            >
              {t('schedule_day')}
            </th>
            {grid.times.map((time, index) => (
              <th
                key={time}
                scope="col"
                className="sch-time"
                data-row={0}
                data-col={index + 1}
                tabIndex={at.row === 0 && at.col === index + 1 ? 0 : -1}
                aria-colindex={index + 2}
              >
                {time}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <HeatRow
              key={row.day}
              row={index + 1}
              day={row.day}
              timesKey={timesKey}
              views={row.views}
              signature={row.signature}
              selectedCols={selectedByRow.get(row.day) ?? ''}
              focusCol={at.row === index + 1 ? at.col : -1}
              labels={labels}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
