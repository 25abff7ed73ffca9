import type { Db } from '../../db/client.ts';
import { afterLinger, WAITING_ROOM_LINGER_MS } from './linger.ts';
import { takePositions, type PositionTaker, type Taken } from './queue-store.ts';

/** Joins in one statement at most: the arrays stay a few tens of kilobytes, the statement a few milliseconds. */
export const JOIN_BATCH = 500;

interface Asked {
  visitorKey: string | null;
  arrivedAt: Date;
  resolve: (taken: Taken) => void;
  reject: (error: unknown) => void;
}

/** The joins of one run waiting for a statement, and whether one is in flight. */
interface Run {
  asked: Asked[];
  inFlight: boolean;
}

/**
 * Takes the positions of a process's joins of a known run many in one statement (ADR 095 addendum): in a
 * rush each join's own statement was a socket write and a round trip (the largest single cost in the
 * server's profile at 500 joins a second) plus PostgreSQL's per-statement cost. A statement starts
 * `lingerMs` after the first join when none of the run is in flight (0: the same turn of the event loop);
 * joins that come while one is in flight go together in the next, at most `maxBatch` a statement. One
 * connection per run at a time, whatever the number of joins. An error fails the joins of its batch only,
 * with that error; a run that ended since the snapshot answers "not opened" (the join looks the run up).
 */
export class JoinBatcher implements PositionTaker {
  private readonly runs = new Map<number, Run>();
  /** Statements issued (tests; the bench reads statements from PostgreSQL). */
  statements = 0;

  constructor(
    private readonly db: Db,
    private readonly maxBatch = JOIN_BATCH,
    private readonly lingerMs = WAITING_ROOM_LINGER_MS,
  ) {}

  take(queueId: number, visitorKey: string | null, arrivedAt: Date): Promise<Taken> {
    return new Promise((resolve, reject) => {
      let run = this.runs.get(queueId);
      if (!run) {
        run = { asked: [], inFlight: false };
        this.runs.set(queueId, run);
      }
      run.asked.push({ visitorKey, arrivedAt, resolve, reject });
      if (run.inFlight) return;
      run.inFlight = true;
      const started = run;
      afterLinger(this.lingerMs, () => void this.flush(queueId, started));
    });
  }

  private async flush(queueId: number, run: Run): Promise<void> {
    const batch = run.asked.splice(0, this.maxBatch);
    try {
      this.statements += 1;
      const taken = await takePositions(this.db, queueId, batch);
      // One row per join, by construction; a join answered nothing would fail later and obscurely.
      if (taken.length !== batch.length)
        throw new Error(`join batch: ${taken.length} rows for ${batch.length}`);
      batch.forEach((asked, i) => asked.resolve(taken[i]!));
    } catch (error) {
      for (const asked of batch) asked.reject(error);
    } finally {
      if (run.asked.length > 0) void this.flush(queueId, run);
      else this.runs.delete(queueId);
    }
  }
}
