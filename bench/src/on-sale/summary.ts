import type { VisitorRecord } from './visitor.ts';

export interface OnSaleSummary {
  held: number;
  paid: number;
  heldByFirst: number;
  /** Seats held by the first `seats` arrivals over all seats held (ADR 098). */
  fairness: number;
  admitted: number;
  toldSoldOut: number;
  unfinished: number;
  polls: number;
  /** 503 and 429 answers and network errors waited out, by kind. */
  refused: Record<string, number>;
  joinMs: number[];
  holdMs: number[];
  /** The purchase's requests after a hold, by step (form, mail, link, checkout). */
  stepMs: Record<string, number[]>;
  /** Per visitor told "sold out": from the last seat (or its own later question) to the answer. */
  noticeMs: number[];
  /** Seconds after the first arrival (undefined without a seat / without selling out). */
  firstSeatS?: number;
  lastSeatS?: number;
  problems: Record<string, number>;
}

/**
 * The run's figures from what each visitor saw (ADR 098):
 * - fairness: of the seats held, the share held by the first `seats` visitors to arrive (by the time their
 *   first join was sent). 1.00 is first come, first served exactly.
 * - sold-out notice: for each visitor told "sold out", the time from the later of the last seat being sold
 *   (`lastSeatAt`, the database's time of the last purchase) and the visitor's own question to the answer. A
 *   long poll open when the last seat went counts from the last seat; a question asked later, its latency.
 */
export function summarise(
  records: readonly VisitorRecord[],
  seats: number,
  lastSeatAt: number | undefined,
): OnSaleSummary {
  const byArrival = [...records].sort((a, b) => a.arrivedAt - b.arrivedAt || a.index - b.index);
  const held = records.filter((r) => r.held).length;
  const heldByFirst = byArrival.slice(0, seats).filter((r) => r.held).length;
  const first = byArrival[0]?.arrivedAt ?? 0;
  const noticeMs =
    lastSeatAt === undefined
      ? []
      : records.flatMap((r) =>
          r.soldOut ? [Math.max(0, r.soldOut.toldAt - Math.max(lastSeatAt, r.soldOut.askedAt))] : [],
        );
  const problems: Record<string, number> = {};
  for (const record of records)
    for (const problem of record.problems) problems[problem] = (problems[problem] ?? 0) + 1;
  const admittedTimes = records.flatMap((r) => (r.held && r.admittedAt ? [r.admittedAt] : []));
  return {
    held,
    paid: records.filter((r) => r.paid).length,
    heldByFirst,
    fairness: held === 0 ? 0 : heldByFirst / held,
    admitted: records.filter((r) => r.admittedAt !== undefined).length,
    toldSoldOut: records.filter((r) => r.soldOut && !r.held).length,
    unfinished: records.filter((r) => !r.done).length,
    polls: records.reduce((sum, r) => sum + r.polls, 0),
    refused: records.reduce<Record<string, number>>((sum, r) => {
      for (const [kind, count] of Object.entries(r.refused)) sum[kind] = (sum[kind] ?? 0) + count;
      return sum;
    }, {}),
    joinMs: records.flatMap((r) => r.joinMs),
    holdMs: records.flatMap((r) => r.holdMs),
    stepMs: records.reduce<Record<string, number[]>>((steps, r) => {
      for (const [step, values] of Object.entries(r.stepMs)) (steps[step] ??= []).push(...values);
      return steps;
    }, {}),
    noticeMs,
    ...(admittedTimes.length > 0 ? { firstSeatS: (Math.min(...admittedTimes) - first) / 1000 } : {}),
    ...(lastSeatAt !== undefined ? { lastSeatS: (lastSeatAt - first) / 1000 } : {}),
    problems,
  };
}
