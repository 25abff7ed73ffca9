import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH, checkPasswordRules } from './password-rules.ts';

describe('password rules (NIST SP 800-63B, ADR 063)', () => {
  it('accepts a long passphrase with no composition rules at all', () => {
    expect(checkPasswordRules('the quiet garden opens at nine')).toBeNull();
    expect(checkPasswordRules('Blue-Lantern-Harbour-47')).toBeNull();
    // Any Unicode counts, by characters, not bytes.
    expect(checkPasswordRules('しずかな庭は九時にひらきます。毎朝')).toBeNull();
  });

  it('refuses fewer than the minimum characters, counted after NFKC', () => {
    expect(checkPasswordRules('a'.repeat(3) + 'bcdefghijk')).toBe('too-short');
    expect(checkPasswordRules('x7#Kq9!mZ2@vL4')).toBe('too-short');
    expect([...'x7#Kq9!mZ2@vL4$'].length).toBe(PASSWORD_MIN_LENGTH);
    expect(checkPasswordRules('x7#Kq9!mZ2@vL4$')).toBeNull();
    expect(checkPasswordRules('z'.repeat(64) + 'a'.repeat(65))).toBe('too-long');
  });

  it('refuses listed passwords, padded, repeated, keyboard and alphabet runs', () => {
    for (const password of [
      'correcthorsebatterystaple',
      'correct horse battery staple',
      'password12345678',
      '!!!iloveyou2024!!!',
      'passwordpassword',
      'qwertyuiopasdfgh',
      'abcdefghijklmnop',
      '123456789012345',
      '1q2w3e4r5t6y7u8i',
      'aaaaaaaaaaaaaaaaaaaa',
      'abababababababababab',
      'Welcome2025!!!!!!',
    ]) {
      expect(checkPasswordRules(password), password).toBe('common');
    }
  });

  it("refuses the account's own address and its name with padding", () => {
    expect(checkPasswordRules('hanako.yamada@example.jp', 'hanako.yamada@example.jp')).toBe('common');
    expect(checkPasswordRules('hanako.yamada2026!', 'hanako.yamada@example.jp')).toBe('common');
    expect(checkPasswordRules('hanako.yamada2026!')).toBeNull();
  });
});
