import { describe, expect, it } from 'vitest';
import { loadEnv } from '../config/env.ts';
import { wantsDemoData } from './index.ts';

const EXTERNAL = 'postgres://kippu@db.example:5432/kippu';

describe('SEED_DEMO_DATA (ADR 013)', () => {
  it('defaults to the full demo on the embedded database (zero set-up)', () => {
    expect(wantsDemoData(loadEnv({}))).toBe(true);
  });

  it('defaults to no demo data on DATABASE_URL, so an operator database never gets demo products', () => {
    expect(wantsDemoData(loadEnv({ DATABASE_URL: EXTERNAL }))).toBe(false);
  });

  it('follows an explicit setting either way', () => {
    expect(wantsDemoData(loadEnv({ DATABASE_URL: EXTERNAL, SEED_DEMO_DATA: 'true' }))).toBe(true);
    expect(wantsDemoData(loadEnv({ SEED_DEMO_DATA: 'false' }))).toBe(false);
  });

  it('refuses a value that is not true or false', () => {
    expect(() => loadEnv({ SEED_DEMO_DATA: 'yes' })).toThrow(/SEED_DEMO_DATA/);
  });
});
