import { describe, expect, it } from 'vitest';
import { nextPace, pacedPerSecond, ServiceLatencyMeter } from './admission-pace.ts';
import { DEFAULT_TIMING } from './timing.ts';

const timing = {
  ...DEFAULT_TIMING,
  paceMinimumAnswers: 5,
  paceSlowMs: 120,
  paceFastMs: 60,
  minimumPace: 0.05,
};
const reading = (p90Ms: number, answers = 10) => ({ answers, p90Ms });

describe('the admission pace (ADR 133)', () => {
  it('is cut on slow answers, down to its floor, and grows on fast ones only when it held admissions back', () => {
    expect(nextPace(0.5, reading(300), true, timing)).toBeCloseTo(0.35);
    expect(nextPace(0.06, reading(300), false, timing)).toBe(0.05);
    expect(nextPace(0.5, reading(20), true, timing)).toBeCloseTo(0.575);
    expect(nextPace(0.95, reading(20), true, timing)).toBe(1);
    // Fast answers while something else (seats, outstanding admissions, nobody waiting) held admission back.
    expect(nextPace(0.5, reading(20), false, timing)).toBe(0.5);
    // In between the two thresholds, and with too few answers to tell: kept.
    expect(nextPace(0.5, reading(90), true, timing)).toBe(0.5);
    expect(nextPace(0.5, reading(900, 4), true, timing)).toBe(0.5);
  });

  it('admits a share of the rate, never fewer than the floor, and a small rate as it was set', () => {
    expect(pacedPerSecond(0.5, 1_200, timing)).toBe(10);
    expect(pacedPerSecond(0.05, 1_200, timing)).toBe(1);
    expect(pacedPerSecond(0.01, 1_200, timing)).toBe(1);
    // A small venue's six a minute: pacing never slows it (so few cannot be what slows answers).
    expect(pacedPerSecond(0.1, 6, timing)).toBe(0.1);
  });

  it('reads each answer once, within the window, and only once there are enough of them', () => {
    const meter = new ServiceLatencyMeter();
    for (let i = 0; i < 4; i++) meter.record(10 * (i + 1), 1_000 + i);
    expect(meter.take(1_010, 5_000, 5)).toEqual({ answers: 4, p90Ms: 0 });
    meter.record(500, 1_005);
    // 10, 20, 30, 40, 500: the 90th percentile of five is the slowest.
    expect(meter.take(1_010, 5_000, 5)).toEqual({ answers: 5, p90Ms: 500 });
    expect(meter.take(1_011, 5_000, 1)).toEqual({ answers: 0, p90Ms: 0 });
    // Answers older than the window are left out.
    for (let i = 0; i < 5; i++) meter.record(700, 2_000);
    for (let i = 0; i < 5; i++) meter.record(15, 9_000);
    expect(meter.take(9_500, 5_000, 5)).toEqual({ answers: 5, p90Ms: 15 });
  });

  it('keeps the last answers when more arrive than it holds', () => {
    const meter = new ServiceLatencyMeter();
    for (let i = 0; i < 2_000; i++) meter.record(i < 1_900 ? 900 : 5, 1_000);
    const { answers, p90Ms } = meter.take(1_000, 5_000, 5);
    expect(answers).toBe(512);
    expect(p90Ms).toBe(900);
  });
});
