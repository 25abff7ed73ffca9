import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { YearMonth } from '@kippu/contract/format/calendar';
import { renderWithProviders } from '../../../test/render.tsx';
import { MonthCalendar } from './month-calendar.tsx';
import { statusesFor } from './order-test-doubles.ts';

/** The calendar with its month kept in state, as the order form keeps it; statuses for any month. */
function Harness({
  onSelect,
  onMonth,
}: {
  onSelect: (date: string) => void;
  onMonth: (m: YearMonth) => void;
}) {
  const [month, setMonth] = useState<YearMonth>({ year: 2026, month: 5 });
  const last = new Date(Date.UTC(month.year, month.month, 0)).getUTCDate();
  const mm = String(month.month).padStart(2, '0');
  return (
    <MonthCalendar
      month={month}
      onMonthChange={(next) => {
        onMonth(next);
        setMonth(next);
      }}
      minMonth={{ year: 2026, month: 5 }}
      maxMonth={{ year: 2026, month: 6 }}
      statuses={statusesFor(`${month.year}-${mm}-01`, `${month.year}-${mm}-${last}`)}
      colors={[]}
      today="2026-05-10"
      selected={null}
      onSelect={onSelect}
    />
  );
}

const focusedName = () => document.activeElement?.getAttribute('aria-label');

describe('MonthCalendar', () => {
  it('has one day in the tab order and moves with the arrow keys, Home/End and PageUp/PageDown', async () => {
    const onSelect = vi.fn();
    const onMonth = vi.fn();
    await renderWithProviders(<Harness onSelect={onSelect} onMonth={onMonth} />);
    const tabStops = screen
      .getAllByRole('button')
      .filter((button) => button.getAttribute('tabindex') === '0');
    // The month's first open day is where the keyboard enters the grid.
    expect(tabStops.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Tue, May 12, 2026, Available',
    ]);

    await userEvent.tab(); // previous month is disabled, so: next month button, then the grid
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Next month');
    await userEvent.tab();
    expect(focusedName()).toBe('Tue, May 12, 2026, Available');
    await userEvent.keyboard('{ArrowRight}');
    expect(focusedName()).toBe('Wed, May 13, 2026, Only 2 left');
    await userEvent.keyboard('{ArrowDown}');
    expect(focusedName()).toBe('Wed, May 20, 2026, Not on sale');
    await userEvent.keyboard('{Home}');
    expect(focusedName()).toBe('Sun, May 17, 2026, Not on sale');
    await userEvent.keyboard('{End}');
    expect(focusedName()).toBe('Sat, May 23, 2026, Not on sale');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowLeft}{ArrowLeft}');
    expect(focusedName()).toBe('Thu, May 07, 2026, Not on sale');

    // Enter on a closed day does nothing; on an open day it chooses it.
    await userEvent.keyboard('{Enter}');
    expect(onSelect).not.toHaveBeenCalled();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(focusedName()).toBe('Tue, May 12, 2026, Available');
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('2026-05-12');

    // PageDown goes to the same day next month; the month stops at the last one allowed.
    await userEvent.keyboard('{PageDown}');
    expect(onMonth).toHaveBeenLastCalledWith({ year: 2026, month: 6 });
    expect(screen.getByRole('grid', { name: 'June 2026' })).toBeTruthy();
    expect(focusedName()).toBe('Fri, Jun 12, 2026, Not on sale');
    await userEvent.keyboard('{PageDown}');
    expect(focusedName()).toBe('Fri, Jun 12, 2026, Not on sale');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('grid', { name: 'May 2026' })).toBeTruthy();
    expect(focusedName()).toBe('Fri, May 29, 2026, Not on sale');
  });

  it('marks the selected day, today and each status, and names the weekdays in full', async () => {
    await renderWithProviders(
      <MonthCalendar
        month={{ year: 2026, month: 5 }}
        onMonthChange={vi.fn()}
        minMonth={{ year: 2026, month: 5 }}
        maxMonth={{ year: 2026, month: 5 }}
        statuses={statusesFor('2026-05-01', '2026-05-31')}
        colors={[{ date: '2026-05-12', color_code: '#ffe08a' }]}
        today="2026-05-10"
        selected="2026-05-12"
        onSelect={vi.fn()}
      />,
      'ja',
    );
    expect(screen.getByRole('grid', { name: '2026年5月' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.getAttribute('abbr'))).toEqual([
      '日曜日',
      '月曜日',
      '火曜日',
      '水曜日',
      '木曜日',
      '金曜日',
      '土曜日',
    ]);
    const selected = screen.getByRole('button', { name: '2026年05月12日(火), 空きあり' });
    expect(selected.closest('td')!.getAttribute('aria-selected')).toBe('true');
    expect(selected.style.getPropertyValue('--day-color')).toBe('#ffe08a');
    expect(selected.textContent).toBe('12○');
    expect(screen.getByRole('button', { name: '2026年05月13日(水), 残りわずか（2枚）' }).textContent).toBe(
      '13△',
    );
    expect(screen.getByRole('button', { name: '2026年05月14日(木), 売り切れ' }).textContent).toBe('14×');
    expect(screen.getByRole('button', { name: /^2026年05月10日/ }).getAttribute('aria-current')).toBe('date');
    expect(screen.getByRole('button', { name: '前の月' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: '次の月' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('list', { name: '記号の見方' }).textContent).toBe(
      '○空きあり△残りわずか×売り切れ',
    );
    expect(screen.queryByText('この月に予約できる日はありません。')).toBeNull();
  });

  it('says so when no day of the month is open', async () => {
    await renderWithProviders(
      <MonthCalendar
        month={{ year: 2026, month: 6 }}
        onMonthChange={vi.fn()}
        minMonth={{ year: 2026, month: 5 }}
        maxMonth={{ year: 2026, month: 7 }}
        statuses={statusesFor('2026-06-01', '2026-06-30')}
        colors={undefined}
        today="2026-05-10"
        selected={null}
        onSelect={vi.fn()}
      />,
    );
    expect(screen.getByText('No dates are open for booking this month.')).toBeTruthy();
    // The keyboard still enters the grid, on the first day of the month.
    const tabStops = screen
      .getAllByRole('button')
      .filter((button) => button.getAttribute('tabindex') === '0');
    expect(tabStops.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Mon, Jun 01, 2026, Not on sale',
    ]);
  });
});
