import { describe, expect, it } from 'vitest';
import { luminance, toneOf } from './theme-tone.ts';

describe('theme tone', () => {
  it('computes WCAG luminance', () => {
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#ffffff')).toBeCloseTo(1);
  });

  it('treats dark backgrounds as dark and light ones as light', () => {
    expect(toneOf('#0b0b10')).toBe('dark');
    expect(toneOf('#f7f7fa')).toBe('light');
    expect(toneOf('not a colour')).toBe('light');
  });
});
