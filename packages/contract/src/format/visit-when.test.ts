import { describe, expect, it } from 'vitest';
import { visitWhen } from './visit-when.ts';

// 10:00–10:30 on Tuesday 1 December 2026 in Tokyo.
const start = '2026-12-01T01:00:00.000Z';
const end = '2026-12-01T01:30:00.000Z';

describe('visitWhen', () => {
  it('gives a timed ticket its date and entry time range', () => {
    expect(visitWhen('time', start, end, 'ja')).toEqual({
      date: '2026年12月01日(火)',
      time: '10:00 ~ 10:30',
    });
    expect(visitWhen('time', start, end, 'en')).toEqual({ date: 'Tue, Dec 01, 2026', time: '10:00 - 10:30' });
  });

  it('gives a day ticket its date only', () => {
    expect(visitWhen('date', start, end, 'en')).toEqual({ date: 'Tue, Dec 01, 2026', time: null });
  });

  it('gives a pass the range of dates it is valid for', () => {
    expect(visitWhen('period', start, '2027-03-31T14:59:00.000Z', 'en')).toEqual({
      date: 'Tue, Dec 01, 2026 - Wed, Mar 31, 2027',
      time: null,
    });
  });

  it('ends a pass that runs to midnight on the day before (the end is exclusive)', () => {
    // 00:00 on 1 December 2027 in Tokyo: the pass's last day is 30 November.
    expect(visitWhen('period', start, '2027-11-30T15:00:00.000Z', 'ja').date).toBe(
      '2026年12月01日(火) ~ 2027年11月30日(火)',
    );
  });
});
