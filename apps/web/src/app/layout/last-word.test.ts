import { describe, expect, it } from 'vitest';
import { splitLastWord } from './last-word.ts';

describe('splitLastWord', () => {
  it('splits Latin labels before the last word', () => {
    expect(splitLastWord('Exhibition information', 'en')).toEqual({
      head: 'Exhibition ',
      last: 'information',
    });
    expect(splitLastWord('Help', 'en')).toEqual({ head: '', last: 'Help' });
  });

  it('finds the last word of labels written without spaces and keeps the whole text', () => {
    for (const [label, lang] of [
      ['特定商取引法に基づく表記', 'ja'],
      ['展览信息', 'zh-Hans'],
      ['ข้อมูลนิทรรศการ', 'th'],
    ] as const) {
      const { head, last } = splitLastWord(label, lang);
      expect(head + last).toBe(label);
      expect(last.length).toBeGreaterThan(0);
      expect(last.length).toBeLessThan(label.length);
    }
  });

  it('keeps closing punctuation with the last word', () => {
    expect(splitLastWord('Access (map)', 'en')).toEqual({ head: 'Access (', last: 'map)' });
  });
});
