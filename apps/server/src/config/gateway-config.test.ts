import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadEnv, simulatorEnabled } from './env.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  APP_SECRET: 'a-production-secret-of-enough-length-0123',
  SECRETS_KEY: randomBytes(32).toString('base64'),
};

describe('gateway simulator configuration (ADR 017)', () => {
  it('is on by default outside production and off by default in production', () => {
    expect(simulatorEnabled(loadEnv({ NODE_ENV: 'development' }))).toBe(true);
    expect(simulatorEnabled(loadEnv({ NODE_ENV: 'test' }))).toBe(true);
    expect(simulatorEnabled(loadEnv(PRODUCTION))).toBe(false);
  });

  it('production refuses to start with the simulator on unless explicitly allowed', () => {
    expect(() => loadEnv({ ...PRODUCTION, GATEWAY_SIMULATOR: 'on' })).toThrow(/GATEWAY_SIMULATOR/);
    const demo = loadEnv({ ...PRODUCTION, GATEWAY_SIMULATOR: 'on', ALLOW_SIMULATOR_IN_PRODUCTION: 'true' });
    expect(simulatorEnabled(demo)).toBe(true);
  });

  it('a gateway family cannot be pointed at a simulator that is off', () => {
    expect(() => loadEnv({ GATEWAY_SIMULATOR: 'off', GMO_GATEWAY: 'simulator' })).toThrow(/GMO_GATEWAY/);
    expect(loadEnv({ GATEWAY_SIMULATOR: 'off', GMO_GATEWAY: 'real' }).GMO_GATEWAY).toBe('real');
  });
});
