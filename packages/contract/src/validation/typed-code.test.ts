import { describe, expect, it } from 'vitest';
import { validateField } from './rules.ts';
import { codeCharacters, halfWidthCode } from './typed-code.ts';

const alphaNum = (typed: string) => validateField(codeCharacters(typed), ['alpha_num'])?.messageKey ?? null;

describe('typed codes (issue 32 item 26: alpha_num on coupon codes and reservation numbers)', () => {
  it('turns full-width letters and digits from a phone keyboard into ASCII', () => {
    expect(halfWidthCode(' ＤＥＭＯ１０ ')).toBe('DEMO10');
    expect(halfWidthCode('ＤＥＭＯ－ＳＰＯＴ')).toBe('DEMO-SPOT');
  });

  it('passes codes with separators and full-width forms, refuses anything but letters and digits', () => {
    for (const ok of ['DEMO-SPOT', 'DEMO_A1', 'K7QW 3MZP 2A', 'ｋ７ｑｗ３ｍｚｐ２ａ', 'welcome10'])
      expect(alphaNum(ok)).toBeNull();
    for (const bad of ['デモ10', 'DEMO10!', 'DEMO.10', '예약123', 'ÉTÉ10'])
      expect(alphaNum(bad)).toBe('common_validate_alpha_num');
  });
});
