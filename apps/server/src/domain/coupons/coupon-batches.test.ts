import { describe, expect, it } from 'vitest';
import { COUPON_BATCH_CODE_LENGTH, COUPON_CODE_ALPHABET } from '@kippu/contract/console/coupons-schemas';
import { csvField, drawCodes } from './coupon-batches.ts';

describe('drawCodes', () => {
  it('draws distinct codes of the prefix and the alphabet without look-alikes', () => {
    const codes = drawCodes('P-', 5000);
    expect(new Set(codes).size).toBe(5000);
    const shape = new RegExp(`^P-[${COUPON_CODE_ALPHABET}]{${COUPON_BATCH_CODE_LENGTH}}$`);
    expect(codes.filter((code) => !shape.test(code))).toEqual([]);
    expect(codes.join('')).not.toMatch(/[01ILO]/);
  });

  it('uses every character of the alphabet about evenly (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (const code of drawCodes('', 40_000)) {
      for (const char of code) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect(counts.size).toBe(COUPON_CODE_ALPHABET.length);
    const expected = (40_000 * COUPON_BATCH_CODE_LENGTH) / COUPON_CODE_ALPHABET.length;
    // 400,000 draws: σ ≈ 0.9 % of each count, so 5 % is beyond chance (5.7 σ); a modulo bias (256 % 31) would
    // make 8 characters 9 % likelier.
    for (const count of counts.values()) expect(Math.abs(count - expected) / expected).toBeLessThan(0.05);
  });
});

describe('csvField (RFC 4180)', () => {
  it('leaves plain fields and quotes those with a comma, a quote or a line break, doubling quotes', () => {
    expect(csvField('ABC-123')).toBe('ABC-123');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('')).toBe('');
  });
});
