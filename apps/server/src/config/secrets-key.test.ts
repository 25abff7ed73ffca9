import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_APP_SECRET } from './app-secret.ts';
import { loadEnv } from './env.ts';
import { derivedSecretsKey, secretKeyring } from './secrets-key.ts';

const STRONG_APP_SECRET = randomBytes(48).toString('base64');
const production = (extra: Record<string, string>) =>
  loadEnv({ NODE_ENV: 'production', GATEWAY_SIMULATOR: 'off', APP_SECRET: STRONG_APP_SECRET, ...extra });

describe('SECRETS_KEY (issue 28, ADR 071)', () => {
  it('production refuses a missing, malformed or weak key and accepts 32 random bytes', () => {
    expect(() => production({})).toThrow(/SECRETS_KEY: required in production/);
    expect(() => production({ SECRETS_KEY: 'short' })).toThrow(/SECRETS_KEY: expected 32 bytes/);
    expect(() => production({ SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') })).toThrow(/too weak/);
    const key = randomBytes(32).toString('base64');
    expect(production({ SECRETS_KEY: key }).SECRETS_KEY).toBe(key);
    expect(() => production({ SECRETS_KEY: key, SECRETS_KEY_PREVIOUS: 'nope' })).toThrow(
      /SECRETS_KEY_PREVIOUS/,
    );
  });

  it('development derives a stable key from APP_SECRET, and a set key keeps the derived one as previous', () => {
    const first = secretKeyring(loadEnv({}));
    const again = secretKeyring(loadEnv({}));
    expect(first.current.key.equals(again.current.key)).toBe(true);
    expect(first.current.key.equals(derivedSecretsKey(DEVELOPMENT_APP_SECRET))).toBe(true);
    const key = randomBytes(32);
    const set = secretKeyring(loadEnv({ SECRETS_KEY: key.toString('base64url') }));
    expect(set.current.key.equals(key)).toBe(true);
    expect(set.previous.map((k) => k.id)).toContain(first.current.id);
  });

  it('production never holds the development key derived from APP_SECRET, and reads no plaintext row', () => {
    const key = randomBytes(32).toString('base64');
    const derived = derivedSecretsKey(STRONG_APP_SECRET);
    const keys = secretKeyring(production({ SECRETS_KEY: key }));
    expect(keys.previous).toEqual([]);
    expect(keys.readsPlaintext).toBe(false);
    expect(() => production({ SECRETS_KEY: key, SECRETS_KEY_PREVIOUS: derived.toString('base64') })).toThrow(
      /SECRETS_KEY_PREVIOUS: entry 1 is the development key/,
    );
    expect(() => production({ SECRETS_KEY: derived.toString('base64') })).toThrow(/too weak/);
    // Even an environment loadEnv did not check: the keyring ignores the derived key in production.
    const unchecked = {
      NODE_ENV: 'production',
      APP_SECRET: STRONG_APP_SECRET,
      SECRETS_KEY: key,
      SECRETS_KEY_PREVIOUS: derived.toString('base64'),
    };
    expect(secretKeyring(unchecked).previous).toEqual([]);
    expect(() => secretKeyring({ NODE_ENV: 'production', APP_SECRET: STRONG_APP_SECRET })).toThrow(
      /development key in production/,
    );
    // Development keeps it (values written before SECRETS_KEY was set) and reads plaintext rows.
    const development = secretKeyring(loadEnv({ SECRETS_KEY: key, APP_SECRET: STRONG_APP_SECRET }));
    expect(development.previous.map((k) => k.key.equals(derived))).toEqual([true]);
    expect(development.readsPlaintext).toBe(true);
  });
});
