import type { Db } from '../../db/client.ts';

/**
 * Wraps a read so that identical calls running at the same time share one database query (request
 * coalescing, "single flight"). Nothing is kept once the query settles, so an answer is never older
 * than a query that was already running when the request came in: a popular date viewed by many
 * visitors at once costs one query, and a hold is visible to the next read that starts after it.
 */
export function coalesceReads<Input, Output>(
  load: (db: Db, input: Input) => Promise<Output>,
): (db: Db, input: Input) => Promise<Output> {
  const inFlightByDb = new WeakMap<Db, Map<string, Promise<Output>>>();
  return (db, input) => {
    let inFlight = inFlightByDb.get(db);
    if (!inFlight) inFlightByDb.set(db, (inFlight = new Map()));
    const key = JSON.stringify(input);
    const running = inFlight.get(key);
    if (running) return running;
    const table = inFlight;
    const promise = load(db, input).finally(() => table.delete(key));
    table.set(key, promise);
    return promise;
  };
}
