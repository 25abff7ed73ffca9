import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env.ts';
import { reconcileSettings } from './reconcile-settings.ts';

describe('reconciliation settings (issue 24, ADR 047)', () => {
  it('default to the former constants and take fractions of minutes', () => {
    expect(reconcileSettings(loadEnv({}))).toEqual({
      afterMinutes: 5,
      againMinutes: 2,
      intervalMs: 60_000,
      stuckAfterHours: 24,
      executionWindowMs: 120_000,
    });
    expect(loadEnv({}).PAYING_GRACE_MINUTES).toBe(30);
    const short = loadEnv({
      RECONCILE_AFTER_MINUTES: '0.25',
      RECONCILE_AGAIN_MINUTES: '0.1',
      RECONCILE_INTERVAL_MS: '1000',
      PAYMENT_STUCK_AFTER_HOURS: '1',
      PAYING_GRACE_MINUTES: '0.5',
      GATEWAY_TIMEOUT_MS: '2000',
    });
    expect(reconcileSettings(short)).toEqual({
      afterMinutes: 0.25,
      againMinutes: 0.1,
      intervalMs: 1000,
      stuckAfterHours: 1,
      executionWindowMs: 4000,
    });
    expect(short.PAYING_GRACE_MINUTES).toBe(0.5);
  });

  it('refuse nonsense and the simulator stop hook outside NODE_ENV=test', () => {
    expect(() => loadEnv({ RECONCILE_INTERVAL_MS: '0' })).toThrow(/RECONCILE_INTERVAL_MS/);
    expect(() => loadEnv({ RECONCILE_AFTER_MINUTES: '-1' })).toThrow(/RECONCILE_AFTER_MINUTES/);
    expect(() => loadEnv({ GATEWAY_SIM_STOP_AT: 'after:ExecTran' })).toThrow(
      /GATEWAY_SIM_STOP_AT: a test hook/,
    );
    expect(() => loadEnv({ NODE_ENV: 'test', GATEWAY_SIM_STOP_AT: 'sometime' })).toThrow(
      /GATEWAY_SIM_STOP_AT/,
    );
    expect(loadEnv({ NODE_ENV: 'test', GATEWAY_SIM_STOP_AT: 'after:EntryTran' }).GATEWAY_SIM_STOP_AT).toBe(
      'after:EntryTran',
    );
  });
});
