import { describe, expect, it } from 'vitest';
import { splitLastCharacter } from './last-word.ts';

describe('splitLastCharacter', () => {
  it('splits before the last character and keeps the whole label', () => {
    expect(splitLastCharacter('Exhibition information')).toEqual({
      head: 'Exhibition informatio',
      last: 'n',
    });
    expect(splitLastCharacter('特定商取引法に基づく表記')).toEqual({
      head: '特定商取引法に基づく表',
      last: '記',
    });
    expect(splitLastCharacter('Access (map) ')).toEqual({ head: 'Access (map', last: ')' });
  });

  it('keeps a letter with its combining marks', () => {
    // ที่ is one grapheme: the letter ท with two combining marks.
    expect(splitLastCharacter('ข้อมูลที่')).toEqual({ head: 'ข้อมูล', last: 'ที่' });
  });

  it('keeps a character outside the basic plane whole', () => {
    expect(splitLastCharacter('Map 🗺')).toEqual({ head: 'Map ', last: '🗺' });
  });

  it('returns an empty label unchanged', () => {
    expect(splitLastCharacter('')).toEqual({ head: '', last: '' });
  });
});
