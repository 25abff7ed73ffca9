import { describe, expect, it } from 'vitest';
import { itemSku, orderTotal } from './analytics.ts';
import { addDays, daysInMonth, monthGrid, monthRange, shiftMonth } from './calendar.ts';
import { fillPlaceholders } from './placeholders.ts';
import { fewInStock } from './stock.ts';

describe('fewInStock', () => {
  it('puts the count into the template', () => {
    expect(fewInStock(3, '残りわずか（{count}枚）')).toBe('残りわずか（3枚）');
    expect(fewInStock(1, 'Only {count} left ({count})')).toBe('Only 1 left (1)');
    expect(fewInStock(5, 'Few left')).toBe('Few left');
  });
});

describe('fillPlaceholders', () => {
  it('leaves unknown placeholders visible', () => {
    expect(fillPlaceholders('{field} up to {length}', { field: 'Name' })).toBe('Name up to {length}');
    expect(fillPlaceholders('{toString}', {})).toBe('{toString}');
  });
});

describe('analytics', () => {
  it('totals price × count', () => {
    expect(
      orderTotal([
        { price: 3800, count: 2 },
        { price: 1500, count: 1 },
        { price: 0, count: 3 },
      ]),
    ).toBe(9100);
    expect(orderTotal([])).toBe(0);
  });
  it('builds the sku from time span and option name', () => {
    expect(itemSku(1234, 'Adult')).toBe('1234-Adult');
    expect(itemSku('77', '大人')).toBe('77-大人');
  });
});

describe('calendar', () => {
  it('starts weeks on Sunday and pads with null', () => {
    // January 2022 starts on a Saturday and has 31 days: six weeks.
    const weeks = monthGrid({ year: 2022, month: 1 });
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2022-01-01']);
    expect(weeks[1]![0]).toBe('2022-01-02');
    expect(weeks[5]).toEqual(['2022-01-30', '2022-01-31', null, null, null, null, null]);
    // February 2015 starts on a Sunday and fills exactly four weeks.
    const february = monthGrid({ year: 2015, month: 2 });
    expect(february).toHaveLength(4);
    expect(february[0]![0]).toBe('2015-02-01');
    expect(february[3]![6]).toBe('2015-02-28');
  });
  it('knows month lengths, leap years included', () => {
    expect(daysInMonth({ year: 2024, month: 2 })).toBe(29);
    expect(daysInMonth({ year: 2023, month: 2 })).toBe(28);
    expect(monthRange({ year: 2024, month: 2 })).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });
  it('moves across months and years', () => {
    expect(shiftMonth({ year: 2022, month: 12 }, 1)).toEqual({ year: 2023, month: 1 });
    expect(shiftMonth({ year: 2022, month: 1 }, -1)).toEqual({ year: 2021, month: 12 });
    expect(shiftMonth({ year: 2022, month: 5 }, 14)).toEqual({ year: 2023, month: 7 });
    expect(addDays('2022-12-31', 1)).toBe('2023-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });
});
