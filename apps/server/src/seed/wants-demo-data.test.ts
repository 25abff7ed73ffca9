import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../config/env.ts';
import { demoSecretsFor } from './demo-secrets.ts';
import { wantsDemoData } from './index.ts';

const EXTERNAL = 'postgres://kippu@db.example:5432/kippu';
const STRONG = randomBytes(48).toString('base64');

describe('SEED_DEMO_DATA (ADR 013)', () => {
  it('defaults to the full demo on the embedded database (zero set-up)', () => {
    expect(wantsDemoData(loadEnv({}))).toBe(true);
  });

  it('defaults to no demo data on DATABASE_URL, so an operator database never gets demo products', () => {
    expect(wantsDemoData(loadEnv({ DATABASE_URL: EXTERNAL }))).toBe(false);
  });

  it('defaults to no demo data in production, even on the embedded database (issue 24, ADR 048)', () => {
    const production = {
      NODE_ENV: 'production',
      GATEWAY_SIMULATOR: 'off',
      APP_SECRET: STRONG,
      SECRETS_KEY: randomBytes(32).toString('base64'),
    } as const;
    expect(wantsDemoData(loadEnv(production))).toBe(false);
    expect(wantsDemoData(loadEnv({ ...production, SEED_DEMO_DATA: 'true' }))).toBe(true);
    expect(demoSecretsFor(loadEnv(production))).toBe('fresh');
    expect(demoSecretsFor(loadEnv({}))).toBe('repository');
  });

  it('follows an explicit setting either way', () => {
    expect(wantsDemoData(loadEnv({ DATABASE_URL: EXTERNAL, SEED_DEMO_DATA: 'true' }))).toBe(true);
    expect(wantsDemoData(loadEnv({ SEED_DEMO_DATA: 'false' }))).toBe(false);
  });

  it('refuses a value that is not true or false', () => {
    expect(() => loadEnv({ SEED_DEMO_DATA: 'yes' })).toThrow(/SEED_DEMO_DATA/);
  });
});
