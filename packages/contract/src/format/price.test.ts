import { describe, expect, it } from 'vitest';
import { formatPrice } from './price.ts';

describe('formatPrice', () => {
  it.each([
    ['ja', '3,800円'],
    ['en', '¥3,800'],
    ['zh-hans', '3,800日元'],
    ['zh-hant', '3,800日圓'],
    ['kr', '3,800엔'],
    ['th', '3,800 เยน'],
  ] as const)('yen in %s', (lang, expected) => {
    expect(formatPrice(3800, lang)).toBe(expected);
    expect(formatPrice(3800, lang, 'JPY')).toBe(expected);
  });

  it('groups thousands and handles zero and large amounts', () => {
    expect(formatPrice(0, 'ja')).toBe('0円');
    expect(formatPrice(999, 'en')).toBe('¥999');
    expect(formatPrice(1234567, 'en')).toBe('¥1,234,567');
  });

  it('keeps the sign of a negative amount in front', () => {
    expect(formatPrice(-500, 'ja')).toBe('-500円');
    expect(formatPrice(-500, 'en')).toBe('-¥500');
  });

  it('writes other currencies from minor units with their symbol', () => {
    expect(formatPrice(123456, 'en', 'USD')).toBe('$1,234.56');
    expect(formatPrice(1250, 'ja', 'EUR')).toBe('€12.50');
    expect(formatPrice(5000, 'th', 'SAR')).toBe('SAR 50.00');
    expect(formatPrice(-99, 'kr', 'USD')).toBe('-$0.99');
  });

  it('refuses fractions of a minor unit', () => {
    expect(() => formatPrice(10.5, 'ja')).toThrow(RangeError);
  });
});

describe('formatPrice grouping against Intl', () => {
  it('groups thousands as Intl.NumberFormat en-US does, with and without minor units', () => {
    const yen = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    const dollars = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const amount of [0, 5, 99, 100, 999, 1000, 12_345, 999_999, 1_000_000, 123_456_789, 9_007_199_254]) {
      expect(formatPrice(amount, 'en')).toBe(`¥${yen.format(amount)}`);
      expect(formatPrice(amount, 'en', 'USD')).toBe(`$${dollars.format(amount / 100)}`);
    }
  });
});
