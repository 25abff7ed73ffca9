/**
 * The admission pace (ADR 133): the share of a queue's admission rate (the operator's or the automatic one)
 * that the step admits now, moved by how fast this process answers the admitted visitors' requests. The
 * rate says what a venue wants at most; the pace keeps the visitors already admitted answered quickly while
 * a rush's joins and long polls share the same cores, and it is the part of "admitted at the rate the server
 * can serve" that is measured rather than configured.
 */

/** The pace's settings (part of WaitingRoomTiming). */
export interface PaceTiming {
  /** Off: the step admits at the full rate (NODE_ENV=test, unless a test turns it on). */
  pacing: boolean;
  /** A new run's pace: it starts slow and grows while answers stay fast (a rush's first seconds are its dearest). */
  initialPace: number;
  /** The pace never falls below this (the queue always moves). */
  minimumPace: number;
  /**
   * Admissions a minute the pace never goes below (or the rate, if that is lower): so few cannot be what slows
   * answers, and a small venue's rate (a few a minute) is kept as the operator set it.
   */
  pacedFloorPerMinute: number;
  /** Answers measured over this long make one reading. */
  paceWindowMs: number;
  /** A reading needs at least this many answers; with fewer the pace stays. */
  paceMinimumAnswers: number;
  /** The 90th percentile above which the pace is cut. */
  paceSlowMs: number;
  /** The 90th percentile below which the pace grows (when the pace was what held admissions back). */
  paceFastMs: number;
}

/** A process's recent answers to admitted visitors: how many, and their 90th percentile. */
export interface ServiceReading {
  answers: number;
  p90Ms: number;
}

/** Multiplied on a slow reading, and on a fast one (when the pace was the limit). */
const CUT = 0.7;
const GROWTH = 1.15;

/**
 * The next pace from the last one and this process's reading: cut when answers are slow, grown when they are
 * fast and the pace was what held admissions back, otherwise kept (too few answers to tell, or in between).
 */
export function nextPace(
  pace: number,
  reading: ServiceReading,
  paceWasTheLimit: boolean,
  timing: PaceTiming,
): number {
  if (reading.answers < timing.paceMinimumAnswers) return pace;
  if (reading.p90Ms > timing.paceSlowMs) return Math.max(timing.minimumPace, pace * CUT);
  if (reading.p90Ms < timing.paceFastMs && paceWasTheLimit) return Math.min(1, pace * GROWTH);
  return pace;
}

/** Samples kept: a window's worth at a few hundred answers a second (older ones are overwritten). */
const CAPACITY = 512;

/**
 * How long this process took to answer the API's calls other than the waiting room's own (joins linger and
 * polls park by design), while a queue is in force: in a rush those are the admitted visitors' holds and
 * purchases. Each reading takes the answers recorded since the last one (within the window), so one slow
 * moment moves the pace once, not at every step until it has left the window.
 */
export class ServiceLatencyMeter {
  private readonly at = new Float64Array(CAPACITY);
  private readonly ms = new Float64Array(CAPACITY);
  private next = 0;
  private count = 0;

  record(latencyMs: number, now: number): void {
    this.at[this.next] = now;
    this.ms[this.next] = latencyMs;
    this.next = (this.next + 1) % CAPACITY;
    this.count = Math.min(CAPACITY, this.count + 1);
  }

  /** The answers since the last reading that counted (at least `minimum` of them), or their count alone. */
  take(now: number, windowMs: number, minimum: number): ServiceReading {
    const recent: number[] = [];
    for (let i = 1; i <= this.count; i++) {
      const at = (this.next - i + CAPACITY) % CAPACITY;
      if (this.at[at]! <= now - windowMs) break;
      recent.push(this.ms[at]!);
    }
    if (recent.length < minimum) return { answers: recent.length, p90Ms: 0 };
    this.count = 0;
    recent.sort((a, b) => a - b);
    return { answers: recent.length, p90Ms: recent[Math.ceil(recent.length * 0.9) - 1]! };
  }
}

/** Admissions a second at this pace of a rate of `perMinute` (never below the floor, nor above the rate). */
export function pacedPerSecond(pace: number, perMinute: number, timing: PaceTiming): number {
  return Math.max(pace * perMinute, Math.min(perMinute, timing.pacedFloorPerMinute)) / 60;
}

/** A run's pace from its stored thousandths (null before its first step: the initial pace); 1 when not pacing. */
export function paceOf(paceMilli: number | null, timing: PaceTiming): number {
  if (!timing.pacing) return 1;
  return (paceMilli ?? Math.round(timing.initialPace * 1000)) / 1000;
}
