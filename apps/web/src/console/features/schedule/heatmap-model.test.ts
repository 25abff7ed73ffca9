import { describe, expect, it } from 'vitest';
import {
  addDays,
  buildGrid,
  cellKey,
  columnKeys,
  dayKeys,
  fillStep,
  moved,
  rectangle,
  selectedSlots,
  toggled,
  tokyoToday,
  type HeatSlot,
} from './heatmap-model.ts';

let nextId = 1;
function slot(date: string, time: string, values: Partial<HeatSlot> = {}): HeatSlot {
  return {
    id: nextId++,
    date,
    start_time: time,
    end_time: time,
    starts_at: `${date}T${time}:00+09:00`,
    ends_at: `${date}T${time}:00+09:00`,
    capacity: 40,
    sold: 0,
    held: 0,
    on_sale: true,
    edited_by_hand: false,
    started: false,
    version: 1,
    ...values,
  };
}

describe('heatmap model', () => {
  it('makes every day of the range a row and every start seen a column, slots of a start together', () => {
    const slots = [
      slot('2026-12-02', '11:00', { sold: 10, held: 2 }),
      slot('2026-12-02', '11:00', { capacity: 20, sold: 20, on_sale: false }),
      slot('2026-12-01', '10:30'),
    ];
    const grid = buildGrid(slots, '2026-12-01', '2026-12-03');
    expect(grid.days).toEqual(['2026-12-01', '2026-12-02', '2026-12-03']);
    expect(grid.times).toEqual(['10:30', '11:00']);
    const cell = grid.cells.get(cellKey('2026-12-02', '11:00'))!;
    expect([cell.taken, cell.capacity, cell.sale, cell.slots.length]).toEqual([32, 60, 'mixed', 2]);
    expect(grid.cells.has(cellKey('2026-12-03', '10:30'))).toBe(false);
  });

  it('steps the fill, full or over as the last step, and a slot without capacity by what it has taken', () => {
    expect(fillStep({ taken: 0, capacity: 40 })).toBe(0);
    expect(fillStep({ taken: 1, capacity: 40 })).toBe(1);
    expect(fillStep({ taken: 16, capacity: 40 })).toBe(2);
    expect(fillStep({ taken: 28, capacity: 40 })).toBe(3);
    expect(fillStep({ taken: 36, capacity: 40 })).toBe(4);
    expect(fillStep({ taken: 40, capacity: 40 })).toBe(5);
    expect(fillStep({ taken: 45, capacity: 40 })).toBe(5);
    expect(fillStep({ taken: 0, capacity: 0 })).toBe(0);
    expect(fillStep({ taken: 2, capacity: 0 })).toBe(5);
  });

  it('chooses rectangles, days and columns of cells that have slots, in any corner order', () => {
    const slots = ['10:00', '10:30', '11:00'].flatMap((time) =>
      ['2026-12-01', '2026-12-02', '2026-12-03'].map((date) => slot(date, time)),
    );
    const grid = buildGrid(
      slots.filter((each) => !(each.date === '2026-12-02' && each.start_time === '10:30')),
      '2026-12-01',
      '2026-12-03',
    );
    expect(rectangle(grid, { row: 3, col: 3 }, { row: 1, col: 2 })).toEqual([
      cellKey('2026-12-01', '10:30'),
      cellKey('2026-12-01', '11:00'),
      cellKey('2026-12-02', '11:00'),
      cellKey('2026-12-03', '10:30'),
      cellKey('2026-12-03', '11:00'),
    ]);
    // A header in the corner counts from the first cell.
    expect(rectangle(grid, { row: 0, col: 0 }, { row: 1, col: 1 })).toEqual([cellKey('2026-12-01', '10:00')]);
    expect(dayKeys(grid, '2026-12-02')).toEqual([
      cellKey('2026-12-02', '10:00'),
      cellKey('2026-12-02', '11:00'),
    ]);
    expect(columnKeys(grid, '10:30')).toEqual([
      cellKey('2026-12-01', '10:30'),
      cellKey('2026-12-03', '10:30'),
    ]);
    const chosen = selectedSlots(grid, new Set([cellKey('2026-12-01', '10:00'), 'gone 09:00']));
    expect(chosen.map((each) => [each.date, each.start_time])).toEqual([['2026-12-01', '10:00']]);
  });

  it('moves inside the grid with arrows, Home/End and pages', () => {
    const grid = buildGrid(
      [slot('2026-12-01', '10:00'), slot('2026-12-01', '11:00')],
      '2026-12-01',
      '2026-12-10',
    );
    expect(moved(grid, { row: 1, col: 1 }, 'ArrowUp', false)).toEqual({ row: 0, col: 1 });
    expect(moved(grid, { row: 0, col: 0 }, 'ArrowUp', false)).toEqual({ row: 0, col: 0 });
    expect(moved(grid, { row: 1, col: 2 }, 'ArrowRight', false)).toEqual({ row: 1, col: 2 });
    expect(moved(grid, { row: 5, col: 1 }, 'Home', false)).toEqual({ row: 5, col: 0 });
    expect(moved(grid, { row: 5, col: 1 }, 'End', true)).toEqual({ row: 10, col: 2 });
    expect(moved(grid, { row: 5, col: 1 }, 'PageDown', false)).toEqual({ row: 10, col: 1 });
    expect(moved(grid, { row: 5, col: 1 }, 'a', false)).toBeNull();
  });

  it('toggles: adds what is missing, removes a group only when all of it is in', () => {
    expect([...toggled(new Set(['a']), ['a', 'b'])].sort()).toEqual(['a', 'b']);
    expect([...toggled(new Set(['a', 'b', 'c']), ['a', 'b'])]).toEqual(['c']);
  });

  it('counts days in Tokyo', () => {
    expect(tokyoToday(new Date('2026-11-28T15:30:00Z'))).toBe('2026-11-29');
    expect(tokyoToday(new Date('2026-11-28T14:59:00Z'))).toBe('2026-11-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
