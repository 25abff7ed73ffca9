import { describe, expect, it } from 'vitest';
import { japaneseHolidays } from './holidays.ts';
import { planSlots, startTimes } from './generate-slots.ts';

describe('Japanese public holidays', () => {
  it('match the Cabinet Office list of 2025, substitute holidays included', () => {
    expect(japaneseHolidays('2025-01-01', '2025-12-31').map((h) => h.date)).toEqual([
      '2025-01-01',
      '2025-01-13',
      '2025-02-11',
      '2025-02-23',
      '2025-02-24',
      '2025-03-20',
      '2025-04-29',
      '2025-05-03',
      '2025-05-04',
      '2025-05-05',
      '2025-05-06',
      '2025-07-21',
      '2025-08-11',
      '2025-09-15',
      '2025-09-23',
      '2025-10-13',
      '2025-11-03',
      '2025-11-23',
      '2025-11-24',
    ]);
  });

  it("follow the law's one-off moves (the 2020 Olympics) and citizens' holidays (2026-09-22)", () => {
    const olympics = japaneseHolidays('2020-07-20', '2020-08-12');
    expect(olympics.map((h) => [h.date, h.name])).toEqual([
      ['2020-07-23', '海の日'],
      ['2020-07-24', 'スポーツの日'],
      ['2020-08-10', '山の日'],
    ]);
    expect(japaneseHolidays('2026-09-21', '2026-09-23').map((h) => h.name)).toEqual([
      '敬老の日',
      '国民の休日',
      '秋分の日',
    ]);
    expect(japaneseHolidays('2027-01-01', '2027-01-01')).toEqual([{ date: '2027-01-01', name: '元日' }]);
  });
});

describe('slot plan', () => {
  it('an interval includes its last start; a list is sorted without repeats', () => {
    expect(startTimes({ kind: 'interval', from: '10:00', to: '11:00', every_minutes: 20 })).toEqual([
      600, 620, 640, 660,
    ]);
    expect(startTimes({ kind: 'interval', from: '10:00', to: '10:50', every_minutes: 30 })).toEqual([
      600, 630,
    ]);
    expect(startTimes({ kind: 'list', times: ['13:00', '09:30', '13:00'] })).toEqual([570, 780]);
  });

  it('Tokyo times become UTC instants; a slot past midnight ends the next day', () => {
    const { planned, excluded } = planSlots({
      from: '2027-01-01',
      to: '2027-01-02',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      times: { kind: 'list', times: ['23:30'] },
      length_minutes: 60,
      exclude_dates: [],
      exclude_holidays: true,
    });
    expect(excluded).toEqual([{ date: '2027-01-01', reason: 'holiday', holiday_name: '元日' }]);
    expect(planned).toEqual([
      {
        date: '2027-01-02',
        start_time: '23:30',
        end_time: '00:30',
        starts_at: '2027-01-02T14:30:00.000Z',
        ends_at: '2027-01-02T15:30:00.000Z',
      },
    ]);
  });
});
