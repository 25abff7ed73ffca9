import type { PaceTiming } from './admission-pace.ts';

/**
 * The waiting room's timing (ADR 095), one object so tests can shorten it (`waitingRoomOf(app).configure`).
 * The defaults are the production values.
 */
export interface WaitingRoomTiming extends PaceTiming {
  /** How long an admitted visitor has to hold (their one `POST /orders`). */
  admissionWindowMs: number;
  /**
   * Admissions a minute when the operator left the rate automatic: what a slow machine serves with ease when
   * nothing else runs. The pace (admission-pace.ts) admits a share of it, or of the operator's rate.
   */
  automaticAdmitPerMinute: number;
  /** At most this many admitted visitors who have not held yet (later ones wait): bounds a burst of holds. */
  maxOutstandingAdmissions: number;
  /** Every process advances the queues this often (one process at a time per queue: SKIP LOCKED). */
  tickMs: number;
  /** Each process wakes its long polls from one shared read this often. */
  pollCheckMs: number;
  /** A long poll answers a change of position alone (not of state) only after waiting this long. */
  positionNoticeMs: number;
  /** A long poll answers unchanged after this long (the contract's 20 s). */
  longPollMs: number;
  /** The "is any queue in force" answer each process keeps before asking PostgreSQL again. */
  inForceCacheMs: number;
  /** Whether a queue engages by itself under pressure (WAITING_ROOM_AUTOMATIC). */
  automatic: boolean;
  /** Holds a second for one product, in one process, past which a queue engages by itself. */
  automaticHoldsPerSecond: number;
  /** How long an automatic queue stays in force after the last pressure (a join or a hold over the rate). */
  automaticCoolingMs: number;
  /** A waiting place whose visitor has not asked (join, read, poll) for this long is skipped as expired. */
  visitorGoneMs: number;
  /**
   * Joins waiting in one process's memory, for a connection of their own or in a batch (routes.ts); one more
   * answers 503 `server busy` (retried).
   */
  maxWaitingJoins: number;
  /** Parked long polls in one process; one more answers 503 `server busy` (one per place: a new one answers the old). */
  maxParkedPolls: number;
  /** Run the tick and the long-poll check on timers (off: tests call them by hand). */
  timers: boolean;
}

export const DEFAULT_TIMING: WaitingRoomTiming = {
  admissionWindowMs: 5 * 60_000,
  automaticAdmitPerMinute: 1200,
  maxOutstandingAdmissions: 200,
  tickMs: 250,
  pollCheckMs: 250,
  positionNoticeMs: 10_000,
  longPollMs: 20_000,
  inForceCacheMs: 1_000,
  automatic: true,
  automaticHoldsPerSecond: 200,
  automaticCoolingMs: 60_000,
  visitorGoneMs: 60_000,
  maxWaitingJoins: 2_000,
  maxParkedPolls: 20_000,
  timers: true,
  pacing: true,
  initialPace: 0.1,
  minimumPace: 0.05,
  pacedFloorPerMinute: 60,
  paceWindowMs: 5_000,
  paceMinimumAnswers: 5,
  paceSlowMs: 100,
  paceFastMs: 50,
};
