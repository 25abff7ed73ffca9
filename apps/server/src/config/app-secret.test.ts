import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';
import {
  DEVELOPMENT_APP_SECRET,
  estimateSecretBits,
  verifyingSecrets,
  weakSecretReason,
} from './app-secret.ts';

/** Production also needs SECRETS_KEY (ADR 071); these tests are about APP_SECRET. */
const TEST_SECRETS_KEY = randomBytes(32).toString('base64');

const STRONG = randomBytes(48).toString('base64');
const production = (extra: Record<string, string>) =>
  loadEnv({ NODE_ENV: 'production', GATEWAY_SIMULATOR: 'off', SECRETS_KEY: TEST_SECRETS_KEY, ...extra });

/** The message loadEnv throws, or '' when it accepts. */
function refusal(extra: Record<string, string>): string {
  try {
    production(extra);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('APP_SECRET in production (ADR 048)', () => {
  it.each([
    ['32 × a', 'a'.repeat(32)],
    ['the development default', DEVELOPMENT_APP_SECRET],
    ['a changeme placeholder', 'changeme-changeme-please-0123456789xyz'],
    ['a repeated pattern', 'Ab3$Ab3$Ab3$Ab3$Ab3$Ab3$Ab3$Ab3$'],
    ['few distinct characters', 'abababababababbbaaabababababababbab'],
    ['short', 'Zx81-kq'],
    ['hand-typed password', 'MyPassword-for-the-ticket-office-2026'],
    ['16 random bytes in hex (about 113 bits by the estimate)', 'ccdee23af9e2a255137947e5c26af3a6'],
  ])('refuses %s and says how to make one', (_name, value) => {
    const message = refusal({ APP_SECRET: value });
    expect(message).toMatch(/^Invalid configuration:\n {2}APP_SECRET: /);
    expect(message).toContain('openssl rand -base64 48');
    expect(message).toContain("randomBytes(48).toString('base64url')");
  });

  it('accepts secrets made the documented ways (base64, base64url, 32 bytes of hex)', () => {
    for (let i = 0; i < 200; i += 1) {
      for (const value of [
        randomBytes(48).toString('base64'),
        randomBytes(48).toString('base64url'),
        randomBytes(32).toString('hex'),
      ]) {
        expect(weakSecretReason(value), value).toBeUndefined();
      }
    }
    expect(production({ APP_SECRET: STRONG }).APP_SECRET).toBe(STRONG);
  });

  it('estimates nothing for one repeated character and over 300 bits for 48 random bytes', () => {
    expect(estimateSecretBits('a'.repeat(64))).toBe(0);
    expect(estimateSecretBits(STRONG)).toBeGreaterThan(300);
  });

  it('keeps the development default outside production', () => {
    expect(loadEnv({}).APP_SECRET).toBe(DEVELOPMENT_APP_SECRET);
    expect(loadEnv({ NODE_ENV: 'test', APP_SECRET: 'a'.repeat(32) }).APP_SECRET).toBe('a'.repeat(32));
  });
});

describe('APP_SECRET_PREVIOUS (ADR 048)', () => {
  const older = randomBytes(48).toString('base64url');
  const oldest = randomBytes(48).toString('base64url');

  it('takes one secret or a comma list; verification tries the current one first', () => {
    expect(production({ APP_SECRET: STRONG, APP_SECRET_PREVIOUS: older }).APP_SECRET_PREVIOUS).toEqual([
      older,
    ]);
    const env = production({ APP_SECRET: STRONG, APP_SECRET_PREVIOUS: ` ${older}, ${oldest},,${older}` });
    expect(env.APP_SECRET_PREVIOUS).toEqual([older, oldest]);
    expect(verifyingSecrets(env)).toEqual([STRONG, older, oldest]);
    expect(verifyingSecrets({ APP_SECRET: STRONG, APP_SECRET_PREVIOUS: [STRONG, older] })).toEqual([
      STRONG,
      older,
    ]);
  });

  it('is empty when unset', () => {
    expect(loadEnv({}).APP_SECRET_PREVIOUS).toEqual([]);
  });

  it('refuses a weak previous secret in production: it would keep codes forged with it valid', () => {
    const message = refusal({ APP_SECRET: STRONG, APP_SECRET_PREVIOUS: `${older},${'a'.repeat(32)}` });
    expect(message).toContain('APP_SECRET_PREVIOUS: entry 2 is too weak');
  });
});
