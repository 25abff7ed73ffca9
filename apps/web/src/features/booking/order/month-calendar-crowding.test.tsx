import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stockStatusesResponseSchema } from '@kippu/contract/endpoints/catalogue-stock-statuses';
import type { LangCode } from '@kippu/contract/enums';
import { CROWDING_COLOURS } from '@kippu/contract/format/crowding';
import { renderWithProviders } from '../../../test/render.tsx';
import { MonthCalendar } from './month-calendar.tsx';

/**
 * Issue 32: the calendar's crowding colours had no legend, and the busy colour on weekends read as sold out.
 * May 2026: Friday 15 fairly busy, Saturday 16 and Sunday 17 busy (the demo's weekends), Monday 18 quiet,
 * Sunday 24 sold out; every other day open.
 */
const statuses = stockStatusesResponseSchema.parse(
  Array.from({ length: 31 }, (_, index) => {
    const date = `2026-05-${String(index + 1).padStart(2, '0')}`;
    return { date, status: date === '2026-05-24' ? 'sold_out' : 'available', count: null };
  }),
);
const colors = [
  { date: '2026-05-15', color_code: CROWDING_COLOURS.fair },
  { date: '2026-05-16', color_code: CROWDING_COLOURS.busy },
  { date: '2026-05-17', color_code: CROWDING_COLOURS.busy },
  { date: '2026-05-18', color_code: CROWDING_COLOURS.quiet },
  // A day coloured before issue 32 (the red busy colour) and one a member of staff picked: the nearest level.
  { date: '2026-05-23', color_code: '#f6b1b1' },
  { date: '2026-05-24', color_code: CROWDING_COLOURS.busy },
  { date: '2026-05-25', color_code: '#c5e1a5' },
];

const renderCalendar = (lang: LangCode, withColours = true) =>
  renderWithProviders(
    <MonthCalendar
      month={{ year: 2026, month: 5 }}
      onMonthChange={() => {}}
      minMonth={{ year: 2026, month: 5 }}
      maxMonth={{ year: 2026, month: 5 }}
      statuses={statuses}
      colors={withColours ? colors : []}
      today="2026-05-10"
      selected={null}
      onSelect={() => {}}
    />,
    lang,
  );

/** A day's name and description as a screen reader gets them. */
const dayName = (date: string) => {
  const day = document.querySelector<HTMLElement>(`[data-date="${date}"]`)!;
  const description = day.getAttribute('aria-describedby');
  const described = description ? document.getElementById(description)?.textContent : null;
  return [day.getAttribute('aria-label'), described].filter(Boolean).join(', ');
};

describe('MonthCalendar crowding colours', () => {
  it('explains the colours in a legend in words, and describes each coloured day by its crowding', async () => {
    await renderCalendar('en');
    const legend = screen.getByRole('list', { name: 'How busy' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Quiet', 'Fairly busy', 'Busy']);
    expect(dayName('2026-05-15')).toBe('Fri, May 15, 2026, Available, Fairly busy');
    expect(dayName('2026-05-16')).toBe('Sat, May 16, 2026, Available, Busy');
    expect(dayName('2026-05-17')).toBe('Sun, May 17, 2026, Available, Busy');
    expect(dayName('2026-05-18')).toBe('Mon, May 18, 2026, Available, Quiet');
    expect(dayName('2026-05-23')).toBe('Sat, May 23, 2026, Available, Busy');
    expect(dayName('2026-05-25')).toBe('Mon, May 25, 2026, Available, Quiet');
    // A sold-out day says sold out and nothing about crowding: its colour is not shown.
    expect(dayName('2026-05-24')).toBe('Sun, May 24, 2026, Sold out');
  });

  it('shows crowding by pips as well as colour: one for quiet, three for busy', async () => {
    await renderCalendar('en');
    const pips = (date: string) =>
      document.querySelectorAll(`[data-date="${date}"] .month-calendar__pip`).length;
    expect([pips('2026-05-18'), pips('2026-05-15'), pips('2026-05-16'), pips('2026-05-24')]).toEqual([
      1, 2, 3, 0,
    ]);
  });

  it.each([
    ['ja', '混雑状況の見方', ['すいている', 'やや混雑', '混雑']],
    ['zh-hans', '拥挤程度', ['人少', '较拥挤', '拥挤']],
    ['kr', '혼잡도', ['여유', '다소 혼잡', '혼잡']],
    ['zh-hant', '擁擠程度', ['人少', '較擁擠', '擁擠']],
    ['th', 'ความหนาแน่น', ['คนน้อย', 'คนค่อนข้างมาก', 'คนมาก']],
  ] as const)('%s: the legend is translated', async (lang, title, words) => {
    await renderCalendar(lang);
    const legend = screen.getByRole('list', { name: title });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(words);
  });

  it('has no crowding legend where the site does not colour its calendar', async () => {
    await renderCalendar('en', false);
    expect(screen.queryByRole('list', { name: 'How busy' })).toBeNull();
    expect(dayName('2026-05-16')).toBe('Sat, May 16, 2026, Available');
  });
});
