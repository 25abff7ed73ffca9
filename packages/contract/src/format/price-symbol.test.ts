import { describe, expect, it } from 'vitest';
import { CURRENCY_SYMBOLS, formatPrice } from './price.ts';

describe('yen as a symbol (issue 32 item 27, ADR 113)', () => {
  it('full-width ￥ in Japanese, JP¥ in Chinese, ¥ elsewhere; the unit style unchanged', () => {
    expect(formatPrice(6300, 'ja', 'JPY', 'symbol')).toBe(`${CURRENCY_SYMBOLS.fullWidthYen}6,300`);
    expect(formatPrice(6300, 'ja', 'JPY', 'symbol')).toBe('￥6,300');
    expect(formatPrice(6300, 'zh-hans', 'JPY', 'symbol')).toBe('JP¥6,300');
    expect(formatPrice(6300, 'zh-hant', 'JPY', 'symbol')).toBe('JP¥6,300');
    expect(formatPrice(6300, 'en', 'JPY', 'symbol')).toBe('¥6,300');
    expect(formatPrice(6300, 'kr', 'JPY', 'symbol')).toBe('¥6,300');
    expect(formatPrice(6300, 'th', 'JPY', 'symbol')).toBe('¥6,300');
    expect(formatPrice(-500, 'ja', 'JPY', 'symbol')).toBe('-￥500');
    expect(formatPrice(6300, 'ja')).toBe('6,300円');
    // Other currencies have one symbol in every style.
    expect(formatPrice(1250, 'zh-hans', 'USD', 'symbol')).toBe('$12.50');
  });
});
