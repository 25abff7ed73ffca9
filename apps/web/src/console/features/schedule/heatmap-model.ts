import type { ConsoleSlot } from '@kippu/contract/console/schedule-schemas';

/**
 * The capacity heatmap's model, without React: days (rows) × start times (columns) built from the API's slots,
 * the fill of a cell, and the selection (cells by key, changed by clicks and keys). Kept pure so the grid's
 * rows can be memoised on plain values and the rules tested without rendering 1,200 cells.
 */

/** What the grid needs of one slot: the API's slot (Tokyo `date` and `start_time`). */
export type HeatSlot = Pick<
  ConsoleSlot,
  | 'id'
  | 'date'
  | 'start_time'
  | 'end_time'
  | 'starts_at'
  | 'ends_at'
  | 'capacity'
  | 'sold'
  | 'held'
  | 'on_sale'
  | 'edited_by_hand'
  | 'started'
  | 'version'
>;

/** One cell: a day at a start time; several slots when products share that start (no product filter). */
export interface HeatCell {
  key: string;
  date: string;
  time: string;
  slots: readonly HeatSlot[];
  capacity: number;
  taken: number;
  /** every slot on sale, none, or some. */
  sale: 'on' | 'closed' | 'mixed';
}

export interface HeatGrid {
  days: readonly string[];
  times: readonly string[];
  /** By `cellKey(date, time)`; a missing key is a day without a slot at that time. */
  cells: ReadonlyMap<string, HeatCell>;
}

const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;

/** Today's date in Tokyo (`YYYY-MM-DD`). */
export function tokyoToday(now: Date = new Date()): string {
  return new Date(now.getTime() + TOKYO_OFFSET_MS).toISOString().slice(0, 10);
}

/** A calendar date moved by whole days. */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Every date from `from` to `to`, both included (empty when `to` is before `from`). */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to && out.length < 400; day = addDays(day, 1)) out.push(day);
  return out;
}

export const cellKey = (date: string, time: string) => `${date} ${time}`;

/** The grid of a range: every day of it a row (a day without slots too), every start time seen a column. */
export function buildGrid(slots: readonly HeatSlot[], from: string, to: string): HeatGrid {
  const byKey = new Map<string, HeatSlot[]>();
  const times = new Set<string>();
  for (const slot of slots) {
    const time = slot.start_time;
    times.add(time);
    const key = cellKey(slot.date, time);
    const list = byKey.get(key);
    if (list) list.push(slot);
    else byKey.set(key, [slot]);
  }
  const cells = new Map<string, HeatCell>();
  for (const [key, list] of byKey) {
    const onSale = list.filter((slot) => slot.on_sale).length;
    cells.set(key, {
      key,
      date: list[0]!.date,
      time: list[0]!.start_time,
      slots: list,
      capacity: list.reduce((sum, slot) => sum + slot.capacity, 0),
      taken: list.reduce((sum, slot) => sum + slot.sold + slot.held, 0),
      sale: onSale === list.length ? 'on' : onSale === 0 ? 'closed' : 'mixed',
    });
  }
  const days = datesBetween(from, to);
  for (const slot of slots) if (!days.includes(slot.date)) days.push(slot.date);
  days.sort();
  return { days, times: [...times].sort(), cells };
}

/** The fill of a cell in steps (0 to 5; 5 is full or over), for its colour class. */
export function fillStep(cell: Pick<HeatCell, 'taken' | 'capacity'>): number {
  if (cell.capacity <= 0) return cell.taken > 0 ? 5 : 0;
  const share = cell.taken / cell.capacity;
  if (share >= 1) return 5;
  if (share >= 0.9) return 4;
  if (share >= 0.7) return 3;
  if (share >= 0.4) return 2;
  if (share > 0) return 1;
  return 0;
}

/** A position in the grid: row 0 is the column headers, column 0 the row (day) headers. */
export interface Position {
  row: number;
  col: number;
}

/** The keys of the cells with slots inside the rectangle between two positions (headers left out). */
export function rectangle(grid: HeatGrid, a: Position, b: Position): string[] {
  const keys: string[] = [];
  const [top, bottom] = [Math.max(1, Math.min(a.row, b.row)), Math.max(a.row, b.row)];
  const [left, right] = [Math.max(1, Math.min(a.col, b.col)), Math.max(a.col, b.col)];
  for (let row = top; row <= bottom; row++) {
    for (let col = left; col <= right; col++) {
      const key = keyAt(grid, { row, col });
      if (key && grid.cells.has(key)) keys.push(key);
    }
  }
  return keys;
}

/** The key of the cell at a position, or undefined for a header or outside the grid. */
export function keyAt(grid: HeatGrid, at: Position): string | undefined {
  const day = grid.days[at.row - 1];
  const time = grid.times[at.col - 1];
  return day !== undefined && time !== undefined ? cellKey(day, time) : undefined;
}

/** The keys of a day's cells (a row header chosen). */
export function dayKeys(grid: HeatGrid, day: string): string[] {
  return grid.times.map((time) => cellKey(day, time)).filter((key) => grid.cells.has(key));
}

/** The keys of a start time's cells across the days (a column header chosen). */
export function columnKeys(grid: HeatGrid, time: string): string[] {
  return grid.days.map((day) => cellKey(day, time)).filter((key) => grid.cells.has(key));
}

/** A position moved by an arrow key (or Home/End, PageUp/PageDown), kept inside the grid. */
export function moved(grid: HeatGrid, at: Position, key: string, ctrl: boolean): Position | null {
  const lastRow = grid.days.length;
  const lastCol = grid.times.length;
  const clamp = (row: number, col: number) => ({
    row: Math.min(lastRow, Math.max(0, row)),
    col: Math.min(lastCol, Math.max(0, col)),
  });
  switch (key) {
    case 'ArrowUp':
      return clamp(at.row - 1, at.col);
    case 'ArrowDown':
      return clamp(at.row + 1, at.col);
    case 'ArrowLeft':
      return clamp(at.row, at.col - 1);
    case 'ArrowRight':
      return clamp(at.row, at.col + 1);
    case 'Home':
      return ctrl ? clamp(0, 0) : clamp(at.row, 0);
    case 'End':
      return ctrl ? clamp(lastRow, lastCol) : clamp(at.row, lastCol);
    case 'PageUp':
      return clamp(at.row - 7, at.col);
    case 'PageDown':
      return clamp(at.row + 7, at.col);
    default:
      return null;
  }
}

/** The slots of the selected cells that still exist (the data is refreshed under the selection). */
export function selectedSlots(grid: HeatGrid, selection: ReadonlySet<string>): HeatSlot[] {
  const out: HeatSlot[] = [];
  for (const key of selection) {
    const cell = grid.cells.get(key);
    if (cell) out.push(...cell.slots);
  }
  return out;
}

/** A toggled copy of a selection. */
export function toggled(selection: ReadonlySet<string>, keys: readonly string[]): Set<string> {
  const next = new Set(selection);
  const allIn = keys.length > 0 && keys.every((key) => next.has(key));
  for (const key of keys) {
    if (allIn) next.delete(key);
    else next.add(key);
  }
  return next;
}
