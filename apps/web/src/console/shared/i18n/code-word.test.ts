import { describe, expect, it } from 'vitest';
import { codeWord } from './code-word.ts';

const texts: Record<string, string> = { payment_method_gmo_3ds: 'Card with 3-D Secure (GMO)' };
const t = (key: string) => texts[key] ?? key;

describe('codeWord', () => {
  it("finds a code's text under its prefix, the code lower-cased and its other characters as _", () => {
    expect(codeWord(t, 'payment_method_', 'GMO-3DS')).toBe('Card with 3-D Secure (GMO)');
  });

  it('shows a code without a text as it came (a code added on the server later)', () => {
    expect(codeWord(t, 'payment_method_', 'new_wallet')).toBe('new_wallet');
  });
});
