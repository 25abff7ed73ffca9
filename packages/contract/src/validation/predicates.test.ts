import { describe, expect, it } from 'vitest';
import {
  isAlphaNum,
  isCardName,
  isCardNameContainingHalfWidthSpaces,
  isEmail,
  isMaxLength,
  isMinLength,
  isNotExpired,
  isNumeric,
  isPhone,
  isRequired,
  isSameEmail,
} from './predicates.ts';

describe('max / min', () => {
  it('counts characters, not UTF-16 units', () => {
    expect(isMaxLength('abc', 3)).toBe(true);
    expect(isMaxLength('abcd', 3)).toBe(false);
    expect(isMaxLength('𠮷野家', 3)).toBe(true);
    expect(isMinLength('abc', 3)).toBe(true);
    expect(isMinLength('ab', 3)).toBe(false);
    expect(isMinLength('😀', 2)).toBe(false);
  });
});

describe('numeric', () => {
  it('accepts ASCII, Arabic-Indic and extended Arabic-Indic digits', () => {
    expect(isNumeric('0123456789')).toBe(true);
    expect(isNumeric('\u0660\u0661\u0669')).toBe(true);
    expect(isNumeric('\u06F0\u06F5\u06F9')).toBe(true);
    expect(isNumeric('12\u066334')).toBe(true);
  });
  it('rejects anything else', () => {
    expect(isNumeric('12a')).toBe(false);
    expect(isNumeric('-12')).toBe(false);
    expect(isNumeric('1.5')).toBe(false);
    expect(isNumeric('１２')).toBe(false); // full-width digits are not in the rule
    expect(isNumeric('1 2')).toBe(false);
    expect(isNumeric('')).toBe(false);
  });
});

describe('required', () => {
  it('needs something besides whitespace', () => {
    expect(isRequired('a')).toBe(true);
    expect(isRequired(' a ')).toBe(true);
    expect(isRequired('')).toBe(false);
    expect(isRequired('   ')).toBe(false);
    expect(isRequired('\u3000')).toBe(false); // ideographic space trims too
    expect(isRequired(null)).toBe(false);
    expect(isRequired(undefined)).toBe(false);
  });
});

describe('cardName', () => {
  it('takes 1 to 30 Latin letters and spaces', () => {
    expect(isCardName('TARO YAMADA')).toBe(true);
    expect(isCardName('a')).toBe(true);
    expect(isCardName('A'.repeat(30))).toBe(true);
    expect(isCardName('A'.repeat(31))).toBe(false);
    expect(isCardName('')).toBe(false);
  });
  it('rejects digits, accents, kana and full-width letters', () => {
    expect(isCardName('TARO2')).toBe(false);
    expect(isCardName('JOSÉ')).toBe(false);
    expect(isCardName('やまだ')).toBe(false);
    expect(isCardName('ＴＡＲＯ')).toBe(false);
    expect(isCardName("O'NEIL")).toBe(false);
  });
});

describe('cardNameContainingHalfWidthSpaces', () => {
  it('accepts two parts split at the first space', () => {
    expect(isCardNameContainingHalfWidthSpaces('TARO YAMADA')).toBe(true);
    expect(isCardNameContainingHalfWidthSpaces('T Y')).toBe(true);
    expect(isCardNameContainingHalfWidthSpaces('MARY ANN SMITH')).toBe(true);
  });
  it('rejects a single word or a part that is only spaces', () => {
    expect(isCardNameContainingHalfWidthSpaces('TAROYAMADA')).toBe(false);
    expect(isCardNameContainingHalfWidthSpaces(' TARO')).toBe(false);
    expect(isCardNameContainingHalfWidthSpaces('TARO ')).toBe(false);
    expect(isCardNameContainingHalfWidthSpaces('TARO   ')).toBe(false);
    expect(isCardNameContainingHalfWidthSpaces(' ')).toBe(false);
  });
  it('still needs a valid card name', () => {
    expect(isCardNameContainingHalfWidthSpaces('TARO\u3000YAMADA')).toBe(false); // full-width space
    expect(isCardNameContainingHalfWidthSpaces('TARO\tYAMADA')).toBe(false);
    expect(isCardNameContainingHalfWidthSpaces('TARO YAMADA2')).toBe(false);
    expect(isCardNameContainingHalfWidthSpaces(`TARO ${'Y'.repeat(25)}`)).toBe(true); // 30 characters
    expect(isCardNameContainingHalfWidthSpaces(`TARO ${'Y'.repeat(26)}`)).toBe(false); // 31 characters
  });
});

describe('expired', () => {
  // 23:59:59 on 31 March in Tokyo is 14:59:59 UTC; one second later it is April in Tokyo, still March in UTC.
  const lastSecondOfMarchTokyo = new Date('2024-03-31T14:59:59Z');
  const firstSecondOfAprilTokyo = new Date('2024-03-31T15:00:00Z');

  it('accepts the current month until its last second in Tokyo', () => {
    expect(isNotExpired('03', '24', lastSecondOfMarchTokyo)).toBe(true);
    expect(isNotExpired('3', '2024', lastSecondOfMarchTokyo)).toBe(true);
  });
  it('rejects last month from the first second of the next month in Tokyo', () => {
    expect(isNotExpired('03', '24', firstSecondOfAprilTokyo)).toBe(false);
    expect(isNotExpired('04', '24', firstSecondOfAprilTokyo)).toBe(true);
  });
  it('compares years before months', () => {
    const now = new Date('2024-06-15T00:00:00Z');
    expect(isNotExpired('01', '25', now)).toBe(true);
    expect(isNotExpired('12', '23', now)).toBe(false);
  });
  it('passes when both parts are empty, fails on one part or nonsense', () => {
    const now = new Date('2024-06-15T00:00:00Z');
    expect(isNotExpired('', '', now)).toBe(true);
    expect(isNotExpired(null, undefined, now)).toBe(true);
    expect(isNotExpired('06', '', now)).toBe(false);
    expect(isNotExpired('', '30', now)).toBe(false);
    expect(isNotExpired('13', '30', now)).toBe(false);
    expect(isNotExpired('00', '30', now)).toBe(false);
    expect(isNotExpired('ab', '30', now)).toBe(false);
    expect(isNotExpired('06', '300', now)).toBe(false);
  });
});

describe('email', () => {
  it('accepts standard addresses', () => {
    expect(isEmail('taro@example.com')).toBe(true);
    expect(isEmail('taro.yamada+tickets@mail.example.co.jp')).toBe(true);
    expect(isEmail("o'neil_x-y@sub-domain.example.org")).toBe(true);
    expect(isEmail('taro@example.xn--p1ai')).toBe(true); // punycode top-level domain
  });
  it('rejects broken syntax', () => {
    for (const bad of [
      '',
      'taro',
      '@example.com',
      'taro@',
      'taro@example',
      'taro@@example.com',
      'taro@exa mple.com',
      '.taro@example.com',
      'taro.@example.com',
      'ta..ro@example.com',
      'taro@-example.com',
      'taro@example-.com',
      'taro@example..com',
      'taro@example.123',
      'taro@192.168.0.1',
      'たろう@example.com',
      'taro@example.com ',
    ]) {
      expect(isEmail(bad), bad).toBe(false);
    }
  });
  it('allows a local part of 64 characters, not 65', () => {
    expect(isEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
  });
  it('allows a domain of 254 characters, not 255', () => {
    const labels = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.`;
    const domain254 = `${labels}${'d'.repeat(58)}.com`;
    const domain255 = `${labels}${'d'.repeat(59)}.com`;
    expect(domain254).toHaveLength(254);
    expect(domain255).toHaveLength(255);
    expect(isEmail(`taro@${domain254}`)).toBe(true);
    expect(isEmail(`taro@${domain255}`)).toBe(false);
  });
  it('rejects a label longer than 63 characters', () => {
    expect(isEmail(`taro@${'a'.repeat(63)}.com`)).toBe(true);
    expect(isEmail(`taro@${'a'.repeat(64)}.com`)).toBe(false);
  });
});

describe('phone', () => {
  it('accepts 9 to 12 digits', () => {
    expect(isPhone('123456789')).toBe(true);
    expect(isPhone('09012345678')).toBe(true);
    expect(isPhone('123456789012')).toBe(true);
    expect(isPhone('12345678')).toBe(false);
    expect(isPhone('1234567890123')).toBe(false);
  });
  it('accepts hyphenated groups of 2-5, 1-4 and 3-4 digits', () => {
    expect(isPhone('03-1234-5678')).toBe(true);
    expect(isPhone('090-1234-5678')).toBe(true);
    expect(isPhone('01267-8-123')).toBe(true);
    expect(isPhone('12-1-123')).toBe(true);
  });
  it('rejects groups of the wrong size or other separators', () => {
    expect(isPhone('0-1234-5678')).toBe(false); // first group 1
    expect(isPhone('012345-1-123')).toBe(false); // first group 6
    expect(isPhone('03--5678')).toBe(false); // middle group empty
    expect(isPhone('03-12345-5678')).toBe(false); // middle group 5
    expect(isPhone('03-1234-56')).toBe(false); // last group 2
    expect(isPhone('03-1234-56789')).toBe(false); // last group 5
    expect(isPhone('03 1234 5678')).toBe(false);
    expect(isPhone('+81312345678')).toBe(false);
    expect(isPhone('03-12345678')).toBe(false);
    expect(isPhone('０３１２３４５６７８')).toBe(false);
  });
});

describe('sameEmail', () => {
  it('needs exactly the other value', () => {
    expect(isSameEmail('taro@example.com', 'taro@example.com')).toBe(true);
    expect(isSameEmail('taro@example.com', 'Taro@example.com')).toBe(false);
    expect(isSameEmail('taro@example.com', 'taro@example.com ')).toBe(false);
    expect(isSameEmail('taro@example.com', undefined)).toBe(false);
  });
});

describe('alpha_num', () => {
  it('takes Latin letters and digits only', () => {
    expect(isAlphaNum('abcXYZ019')).toBe(true);
    expect(isAlphaNum('abc-1')).toBe(false);
    expect(isAlphaNum('ab c')).toBe(false);
    expect(isAlphaNum('é1')).toBe(false);
    expect(isAlphaNum('ａｂ１')).toBe(false);
    expect(isAlphaNum('')).toBe(false);
  });
});
