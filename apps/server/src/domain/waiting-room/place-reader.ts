import type { Db } from '../../db/client.ts';
import { afterLinger, WAITING_ROOM_LINGER_MS } from './linger.ts';
import { readPlaces, type EntryRow, type QueueRow } from './queue-store.ts';

export type Place = { entry: EntryRow; queue: QueueRow };

interface Asked {
  site: string;
  productId: number;
  entryId: number;
  resolve: (place: Place | null) => void;
  reject: (error: unknown) => void;
}

/**
 * Reads the places that a process's joins and long polls ask about, many in one statement (ADR 095
 * addendum): in a rush thousands of polls each read their place before they park, and one statement per
 * poll filled the pool ahead of the admitted visitors' holds and cost the process a socket write each
 * (24 % of its CPU in the profile). A read starts `lingerMs` after the first call when none is in flight;
 * calls made while one is in flight go together in the next.
 */
export class PlaceReader {
  private asked: Asked[] = [];
  private inFlight = false;
  /** Statements issued (tests; the bench reads statements from PostgreSQL). */
  reads = 0;

  /** `lingerMs`: how long the first call waits for others before the read starts (linger.ts). */
  constructor(
    private readonly db: Db,
    private readonly lingerMs = WAITING_ROOM_LINGER_MS,
  ) {}

  /** The token's place when it is of this product and site, else null (as an unknown one). */
  read(site: string, productId: number, entryId: number): Promise<Place | null> {
    return new Promise((resolve, reject) => {
      this.asked.push({ site, productId, entryId, resolve, reject });
      if (this.inFlight) return;
      this.inFlight = true;
      afterLinger(this.lingerMs, () => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.asked;
    this.asked = [];
    try {
      this.reads += 1;
      const places = await readPlaces(this.db, [...new Set(batch.map((asked) => asked.entryId))]);
      for (const asked of batch) {
        const found = places.get(asked.entryId);
        asked.resolve(
          found && found.site === asked.site && found.queue.product_id === asked.productId
            ? { entry: found.entry, queue: found.queue }
            : null,
        );
      }
    } catch (error) {
      for (const asked of batch) asked.reject(error);
    } finally {
      if (this.asked.length > 0) void this.flush();
      else this.inFlight = false;
    }
  }
}
