import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SECONDS, PAGE_SECONDS_PARAM, pageMilliseconds } from './page-time.ts';

const fromQuery = (query: string) => pageMilliseconds(new URLSearchParams(query).get(PAGE_SECONDS_PARAM));

describe('signage page time', () => {
  it('is 8 s when the URL does not set it', () => {
    expect(DEFAULT_PAGE_SECONDS).toBe(8);
    expect(fromQuery('')).toBe(8000);
    expect(fromQuery('lang=en')).toBe(8000);
  });

  it('takes whole seconds from 3 to 60', () => {
    expect(fromQuery('page_seconds=3')).toBe(3000);
    expect(fromQuery('page_seconds=5')).toBe(5000);
    expect(fromQuery('page_seconds=60')).toBe(60_000);
    expect(fromQuery('lang=en&page_seconds=12')).toBe(12_000);
  });

  it('falls back to 8 s for anything else', () => {
    for (const value of [
      '',
      '2',
      '0',
      '61',
      '600',
      '-5',
      '4.5',
      '5s',
      ' 5',
      '1e1',
      '0x10',
      'five',
      'Infinity',
    ]) {
      expect(fromQuery(`page_seconds=${encodeURIComponent(value)}`), value).toBe(8000);
    }
    expect(pageMilliseconds(null)).toBe(8000);
  });
});
