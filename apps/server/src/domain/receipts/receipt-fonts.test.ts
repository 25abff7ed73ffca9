import { describe, expect, it } from 'vitest';
import { receiptFontOrder, textRuns } from './receipt-fonts.ts';

describe('receipt faces', () => {
  it('each language reads in its own face first, the others as fallbacks', () => {
    expect(receiptFontOrder('ja')).toEqual(['jp', 'kr', 'sc', 'tc', 'thai']);
    expect(receiptFontOrder('en')[0]).toBe('jp');
    expect(receiptFontOrder('th')).toEqual(['thai', 'jp', 'kr', 'sc', 'tc']);
    expect(receiptFontOrder('zh-hans')[0]).toBe('sc');
    expect(receiptFontOrder('zh-hant')[0]).toBe('tc');
    expect(receiptFontOrder('kr')[0]).toBe('kr');
  });

  it('a Thai receipt prints a Japanese-only name in the Japanese face, spaces joining the run they sit in', () => {
    expect(textRuns('นิทรรศการ 夜の庭 2', receiptFontOrder('th'))).toEqual([
      { font: 'thai', text: 'นิทรรศการ ' },
      { font: 'jp', text: '夜の庭 ' },
      // Digits are in the Thai face, the primary one.
      { font: 'thai', text: '2' },
    ]);
  });

  it('Hangul on a Japanese receipt falls back to the Korean face', () => {
    expect(textRuns('予約 예약', receiptFontOrder('ja'))).toEqual([
      { font: 'jp', text: '予約 ' },
      { font: 'kr', text: '예약' },
    ]);
  });
});
