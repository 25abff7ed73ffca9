import { fixed } from './table.ts';

/**
 * Spread of repeated measurements (ADR 098). On a machine shared with other work one measurement says
 * little: the same build's read-path ratio went from 0.46 to 1.19 within an hour (issue 31). So every
 * ratio benchmark measures its baseline more than once, interleaved with its targets, and reports the
 * range it saw.
 */
export interface Spread {
  min: number;
  max: number;
  mean: number;
}

/** A run whose baseline moved more than this (max ÷ min − 1) says so on its last line. */
export const BASELINE_MOVE_LIMIT = 0.2;

export function spreadOf(values: readonly number[]): Spread {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return { min: Number.NaN, max: Number.NaN, mean: Number.NaN };
  return {
    min: Math.min(...finite),
    max: Math.max(...finite),
    mean: finite.reduce((sum, v) => sum + v, 0) / finite.length,
  };
}

/** How far the baseline moved during the run: its largest measurement over its smallest, minus one. */
export function movedBy(baseline: readonly number[]): number {
  const { min, max } = spreadOf(baseline);
  return min > 0 ? max / min - 1 : Number.NaN;
}

/** `a–b` with `digits` decimals (an en dash, as docs/benchmarks.md writes ranges). */
export function range(spread: Spread, digits: number): string {
  return `${fixed(spread.min, digits)}–${fixed(spread.max, digits)}`;
}

/**
 * A target measured between two baseline measurements: its ratio to their mean, and the ratios to each
 * of them as its spread (what the ratio would have been had only one of them been measured).
 */
export function ratioBetween(
  target: number,
  before: number,
  after: number,
): { ratio: number; spread: Spread } {
  const ratio = target / ((before + after) / 2);
  return { ratio, spread: spreadOf([target / before, target / after]) };
}

/** The warning a last line ends with when a baseline moved more than BASELINE_MOVE_LIMIT, else ''. */
export function movedWarning(moved: number, where = ''): string {
  if (!(moved > BASELINE_MOVE_LIMIT)) return '';
  const at = where ? ` (${where})` : '';
  return ` WARNING baseline moved ${fixed(moved * 100, 0)}%${at}, over ${BASELINE_MOVE_LIMIT * 100}%: figures unreliable`;
}

/**
 * The suffix of a benchmark's last line: the baseline's range (`name a–b`), and the warning when it moved
 * more than BASELINE_MOVE_LIMIT (the figures of such a run are not to be trusted).
 */
export function baselineSuffix(name: string, baseline: readonly number[]): string {
  return `${name} ${range(spreadOf(baseline), 0)}${movedWarning(movedBy(baseline))}`;
}

/** Integer shares of `total` over `parts` that add up to it (connections, requests, rates per server). */
export function shareOut(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  return Array.from({ length: parts }, (_, i) => base + (i < total - base * parts ? 1 : 0));
}
