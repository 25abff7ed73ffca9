import { describe, expect, it } from 'vitest';
import { LANG_CODES } from '../enums.ts';
import { htmlLang } from '../html-lang.ts';
import {
  formatDate,
  formatDateRange,
  formatTime,
  formatTimeRange,
  formatYearMonth,
  WEEKDAY_LONG_NAMES,
} from './date.ts';
import { msUntilTokyoMidnight, toTokyoDateString, tokyoDateParts } from './tokyo-date.ts';

// 2022-01-05 is a Wednesday.
const wednesday = '2022-01-05';
// 15:30 UTC on Tuesday 4 January is 00:30 on Wednesday 5 January in Tokyo.
const lateUtcTuesday = new Date('2022-01-04T15:30:00Z');

describe('formatDate', () => {
  it.each([
    ['ja', '2022年01月05日(水)'],
    ['zh-hans', '2022年01月05日(三)'],
    ['zh-hant', '2022年01月05日(三)'],
    ['en', 'Wed, Jan 05, 2022'],
    ['kr', '2022년 01월 05일 (수)'],
    ['th', 'พ. 5 ม.ค. 2565'],
  ] as const)('%s', (lang, expected) => {
    expect(formatDate(wednesday, lang)).toBe(expected);
    expect(formatDate(lateUtcTuesday, lang)).toBe(expected);
    expect(formatDate('2022-01-04T15:30:00.000Z', lang)).toBe(expected);
  });

  it('shows every weekday name', () => {
    const week = [
      '2022-01-02',
      '2022-01-03',
      '2022-01-04',
      '2022-01-05',
      '2022-01-06',
      '2022-01-07',
      '2022-01-08',
    ];
    expect(week.map((day) => formatDate(day, 'ja').slice(-2, -1)).join('')).toBe('日月火水木金土');
    expect(week.map((day) => formatDate(day, 'zh-hans').slice(-2, -1)).join('')).toBe('日一二三四五六');
    expect(week.map((day) => formatDate(day, 'kr').slice(-2, -1)).join('')).toBe('일월화수목금토');
    expect(week.map((day) => formatDate(day, 'en').slice(0, 3))).toEqual([
      'Sun',
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
    ]);
    expect(week.map((day) => formatDate(day, 'th').split(' ')[0])).toEqual([
      'อา.',
      'จ.',
      'อ.',
      'พ.',
      'พฤ.',
      'ศ.',
      'ส.',
    ]);
  });

  it('formats December and two-digit days', () => {
    expect(formatDate('2023-12-25', 'en')).toBe('Mon, Dec 25, 2023');
    expect(formatDate('2023-12-25', 'th')).toBe('จ. 25 ธ.ค. 2566');
    expect(formatDate('2023-12-25', 'kr')).toBe('2023년 12월 25일 (월)');
  });

  it('reads a date-time without an offset as Tokyo time', () => {
    expect(formatDate('2022-01-05T00:30:00', 'en')).toBe('Wed, Jan 05, 2022');
    expect(formatDate('2022-01-04T23:59:59', 'en')).toBe('Tue, Jan 04, 2022');
  });

  it('rejects invalid dates', () => {
    expect(() => formatDate('2022-02-30', 'ja')).toThrow(RangeError);
    expect(() => formatDate('not a date', 'ja')).toThrow(RangeError);
    expect(() => formatDate(new Date(Number.NaN), 'ja')).toThrow(RangeError);
  });
});

describe('formatTime', () => {
  it('shows Tokyo time on a 24-hour clock', () => {
    expect(formatTime(lateUtcTuesday)).toBe('00:30');
    expect(formatTime('2022-01-05T09:05:00+09:00')).toBe('09:05');
    expect(formatTime('2022-01-05T14:00:00Z')).toBe('23:00');
    expect(formatTime('2022-01-05T03:00:00Z')).toBe('12:00');
  });
  it('passes a time of day through', () => {
    expect(formatTime('09:30:00')).toBe('09:30');
    expect(formatTime('9:30')).toBe('09:30');
    expect(formatTime('18:00')).toBe('18:00');
  });
});

describe('formatTimeRange', () => {
  const start = '2022-01-05T10:00:00+09:00';
  const end = '2022-01-05T11:30:00+09:00';
  it.each([
    ['ja', '10:00 ~ 11:30'],
    ['zh-hans', '10:00 ~ 11:30'],
    ['zh-hant', '10:00 ~ 11:30'],
    ['kr', '10:00 ~ 11:30'],
    ['th', '10:00 ~ 11:30'],
    ['en', '10:00 - 11:30'],
  ] as const)('%s', (lang, expected) => {
    expect(formatTimeRange(start, end, lang)).toBe(expected);
  });
  it('crosses midnight in Tokyo time', () => {
    expect(formatTimeRange('2022-01-05T13:00:00Z', '2022-01-05T15:15:00Z', 'ja')).toBe('22:00 ~ 00:15');
  });
});

describe('formatDateRange', () => {
  it.each([
    ['ja', '2022年01月05日(水) ~ 2022年03月31日(木)'],
    ['en', 'Wed, Jan 05, 2022 - Thu, Mar 31, 2022'],
    ['kr', '2022년 01월 05일 (수) ~ 2022년 03월 31일 (목)'],
  ] as const)('%s', (lang, expected) => {
    expect(formatDateRange('2022-01-05', '2022-03-31T14:59:00Z', lang)).toBe(expected);
  });
});

describe('tokyoDateParts', () => {
  it('gives the Tokyo calendar date of an instant', () => {
    expect(toTokyoDateString(lateUtcTuesday)).toBe('2022-01-05');
    expect(toTokyoDateString(new Date('2022-01-04T14:59:59Z'))).toBe('2022-01-04');
    expect(tokyoDateParts('2022-01-05T00:00:00+09:00')).toEqual({
      year: 2022,
      month: 1,
      day: 5,
      weekday: 3,
      hour: 0,
      minute: 0,
    });
  });
});

describe('tokyoDateParts against Intl', () => {
  it('agrees with Intl for Asia/Tokyo on instants spread over a century', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Tokyo',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    const start = Date.UTC(1960, 0, 1);
    const step = 7_777_777_777; // about 90 days and a few hours: lands on every hour and weekday
    for (let at = start; at < Date.UTC(2070, 0, 1); at += step) {
      const parts = Object.fromEntries(intl.formatToParts(at).map((part) => [part.type, Number(part.value)]));
      const ours = tokyoDateParts(new Date(at));
      expect([ours.year, ours.month, ours.day, ours.hour, ours.minute]).toEqual([
        parts.year,
        parts.month,
        parts.day,
        parts.hour,
        parts.minute,
      ]);
      expect(ours.weekday).toBe(new Date(Date.UTC(ours.year, ours.month - 1, ours.day)).getUTCDay());
    }
  });
});

describe('calendar names against Intl', () => {
  it.each(LANG_CODES)('%s: month titles and full weekday names read as Intl writes them', (lang) => {
    const months = new Intl.DateTimeFormat(htmlLang(lang), {
      year: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    });
    for (let month = 1; month <= 12; month += 1) {
      expect(formatYearMonth(2026, month, lang)).toBe(months.format(Date.UTC(2026, month - 1, 1)));
    }
    const weekdays = new Intl.DateTimeFormat(htmlLang(lang), { weekday: 'long', timeZone: 'UTC' });
    // 1 January 2023 was a Sunday.
    expect(WEEKDAY_LONG_NAMES[lang]).toEqual(
      Array.from({ length: 7 }, (_, day) => weekdays.format(Date.UTC(2023, 0, 1 + day))),
    );
  });
});

describe('msUntilTokyoMidnight', () => {
  it('counts to the next midnight in Tokyo, whatever the UTC date', () => {
    // 23:59:30 in Tokyo is 14:59:30 UTC.
    expect(msUntilTokyoMidnight(Date.parse('2026-11-27T14:59:30Z'))).toBe(30_000);
    // Tokyo midnight itself: a whole day to the next one.
    expect(msUntilTokyoMidnight(Date.parse('2026-11-27T15:00:00Z'))).toBe(24 * 60 * 60 * 1000);
    // 08:00 in Tokyo is still the previous UTC day: 16 hours left.
    expect(msUntilTokyoMidnight(Date.parse('2026-11-26T23:00:00Z'))).toBe(16 * 60 * 60 * 1000);
  });
});
