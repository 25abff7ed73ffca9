import { WAITING_ROOM_TOKEN_HEADER, waitingRoomCookieName, type WaitingRoomEntry } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { ServiceLatencyMeter } from './admission-pace.ts';
import { entryView } from './entry-view.ts';
import { JoinBatcher } from './join-batcher.ts';
import { PlaceReader } from './place-reader.ts';
import {
  advanceQueues,
  engageAutomaticQueue,
  markSeen,
  readEntries,
  readQueues,
  readQueuesInForce,
  type EntryRow,
  type InForceQueue,
  type QueueRow,
} from './queue-store.ts';
import { DEFAULT_TIMING, type WaitingRoomTiming } from './timing.ts';

/** The queues in force when this process last asked (at most `inForceCacheMs` ago). */
interface InForceSnapshot {
  at: number;
  /** By `<site>|<product uuid>` (the hold names its product by uuid). */
  byUuid: Map<string, InForceQueue>;
  /** By `<site>|<product id>`. */
  byId: Map<string, InForceQueue>;
}

/** A product as the waiting room's calls name it: by id or by uuid. */
export interface ProductRef {
  id?: number;
  uuid?: string;
}

/** One open long poll of this process. */
interface Waiter {
  site: string;
  entry: EntryRow;
  token: string;
  since: number;
  told: WaitingRoomEntry;
  done: (answer: WaitingRoomEntry) => void;
}

/** Logs the one kind of trouble the background steps meet (a database that does not answer). */
export interface WaitingRoomLog {
  warn: (object: object, message: string) => void;
}

/**
 * The waiting room's per-process part (ADR 095); the queues themselves are PostgreSQL's (queue-store.ts).
 * - The gate's answer "is a queue in force for this product" comes from a snapshot of every queue in force,
 *   read at most once a second per process: an order for a product without a queue costs a map lookup.
 * - Every process runs the admission step on its timer; PostgreSQL lets one at a time advance each queue.
 * - Long polls wait in memory and are woken by one shared read per check (`pollCheckMs`) of the queues
 *   they wait on, never a query per waiting connection.
 * - Holds per second per product are counted here: past `automaticHoldsPerSecond` a queue engages by itself.
 */
export class WaitingRoom {
  timing: WaitingRoomTiming = { ...DEFAULT_TIMING };
  /** The clock of the pressure meter (a test holds it still so its holds fall in one second). */
  clock: () => number = Date.now;
  private snapshot: InForceSnapshot | null = null;
  private refreshing: Promise<InForceSnapshot> | null = null;
  /** Parked polls by their place's entry id: one per place (a second answers the first). */
  private readonly waiters = new Map<number, Waiter>();
  private tickTimer: NodeJS.Timeout | null = null;
  private checkTimer: NodeJS.Timeout | null = null;
  private ticking = false;
  private checking = false;
  private stopped = false;
  private readonly holdsPerSecond = new Map<string, { second: number; count: number }>();
  private readonly engaging = new Set<string>();
  /** Places asked about since the last step (written in one batch before it). */
  private seen = new Set<number>();
  /** The places joins and polls ask about, read many at a time. */
  readonly places: PlaceReader;
  /** The positions joins of a known run take, many in one statement. */
  readonly joins: JoinBatcher;
  /** How fast this process answers admitted visitors: what its steps pace admissions by (ADR 133). */
  private readonly service = new ServiceLatencyMeter();

  constructor(
    private readonly db: Db,
    private readonly log: WaitingRoomLog,
  ) {
    this.places = new PlaceReader(db);
    this.joins = new JoinBatcher(db);
  }

  /** Changes timing (tests shorten it; `timers: false` leaves the steps to the test). */
  configure(timing: Partial<WaitingRoomTiming>): void {
    this.timing = { ...this.timing, ...timing };
    this.snapshot = null;
    if (this.tickTimer) this.stopTimers();
    this.start();
  }

  /** Starts the admission step's timer (nothing when timers are off or the process is closing). */
  start(): void {
    if (this.stopped || !this.timing.timers || this.tickTimer) return;
    this.tickTimer = setInterval(() => void this.backgroundTick(), this.timing.tickMs);
    this.tickTimer.unref();
  }

  /** Stops the timers and answers every open long poll as it stands (the process is closing). */
  stop(): void {
    this.stopped = true;
    this.stopTimers();
    for (const waiter of this.waiters.values()) waiter.done(waiter.told);
    this.waiters.clear();
  }

  private stopTimers(): void {
    if (this.tickTimer) clearInterval(this.tickTimer);
    if (this.checkTimer) clearTimeout(this.checkTimer);
    this.tickTimer = null;
    this.checkTimer = null;
  }

  /** The queues in force now, from the snapshot when it is fresh (one read a second per process). */
  async inForce(): Promise<InForceSnapshot> {
    const snapshot = this.snapshot;
    if (snapshot && Date.now() - snapshot.at < this.timing.inForceCacheMs) return snapshot;
    this.refreshing ??= this.readSnapshot().finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  /** Forgets the snapshot (a console change, an automatic engagement: this process sees it at once). */
  forgetInForce(): void {
    this.snapshot = null;
  }

  private async readSnapshot(): Promise<InForceSnapshot> {
    const queues = await readQueuesInForce(this.db);
    const snapshot: InForceSnapshot = { at: Date.now(), byUuid: new Map(), byId: new Map() };
    for (const queue of queues) {
      snapshot.byUuid.set(`${queue.siteCode}|${queue.productUuid}`, queue);
      snapshot.byId.set(`${queue.siteCode}|${queue.productId}`, queue);
    }
    this.snapshot = snapshot;
    return snapshot;
  }

  /** The product's queue when one is in force (by the product's uuid, as a hold names it). */
  async queueForUuid(site: string, productUuid: string): Promise<InForceQueue | undefined> {
    return (await this.inForce()).byUuid.get(`${site}|${productUuid}`);
  }

  /** The product's queue in force, by its id or its uuid (the snapshot: no query). */
  async queueFor(site: string, ref: ProductRef): Promise<InForceQueue | undefined> {
    const snapshot = await this.inForce();
    return ref.id !== undefined
      ? snapshot.byId.get(`${site}|${ref.id}`)
      : snapshot.byUuid.get(`${site}|${ref.uuid}`);
  }

  /** Whether answers are being counted: pacing is on and a queue is in force in this process's snapshot. */
  get pacing(): boolean {
    return this.timing.pacing && this.snapshot !== null && this.snapshot.byId.size > 0;
  }

  /** An API answer other than the waiting room's own took `latencyMs` from the request's arrival. */
  noteAnswer(latencyMs: number): void {
    if (this.pacing) this.service.record(latencyMs, Date.now());
  }

  /** The visitor asked about the place (a join, a read, a long poll): they are still there. */
  noteSeen(entryId: number): void {
    this.seen.add(entryId);
  }

  /** Writes the places asked about since the last step, in one statement. */
  private async flushSeen(): Promise<void> {
    if (this.seen.size === 0) return;
    const ids = [...this.seen];
    this.seen = new Set();
    await markSeen(this.db, ids);
  }

  /** One admission step of every queue in force (the timer's; tests call it by hand). */
  async tick(): Promise<void> {
    await this.flushSeen();
    const snapshot = await this.inForce();
    if (snapshot.byId.size === 0) return;
    // An ended run shows in the gate within the snapshot's second (ADR 095).
    const { paceWindowMs, paceMinimumAnswers } = this.timing;
    await advanceQueues(
      this.db,
      this.timing,
      this.service.take(Date.now(), paceWindowMs, paceMinimumAnswers),
    );
  }

  private async backgroundTick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      await this.tick();
    } catch (error) {
      this.log.warn({ err: error }, 'waiting room: admission step failed (the next one tries again)');
    } finally {
      this.ticking = false;
    }
  }

  /**
   * Counts a hold of a product without a queue in force; past `automaticHoldsPerSecond` in this process a
   * queue engages by itself for `automaticCoolingMs` (its run ends once the cooling period is over with
   * nobody waiting).
   */
  notePressure(site: string, productUuid: string): void {
    if (!this.timing.automatic) return;
    const key = `${site}|${productUuid}`;
    const second = Math.floor(this.clock() / 1000);
    const meter = this.holdsPerSecond.get(key);
    if (!meter || meter.second !== second) {
      if (this.holdsPerSecond.size > 10_000) this.holdsPerSecond.clear();
      this.holdsPerSecond.set(key, { second, count: 1 });
      return;
    }
    meter.count += 1;
    if (meter.count === this.timing.automaticHoldsPerSecond + 1) void this.engage(site, productUuid);
  }

  /** Puts an automatic queue in force for the product now (pressure past the rate, or the overload guard). */
  async engage(site: string, productUuid: string): Promise<void> {
    const key = `${site}|${productUuid}`;
    if (this.engaging.has(key)) return;
    this.engaging.add(key);
    try {
      await engageAutomaticQueue(this.db, site, productUuid, this.timing.automaticCoolingMs);
      this.snapshot = null;
      this.start();
    } catch (error) {
      this.log.warn({ err: error }, 'waiting room: could not engage an automatic queue');
    } finally {
      this.engaging.delete(key);
    }
  }

  /** The answer for an entry now. */
  view(entry: EntryRow, queue: QueueRow, token: string): WaitingRoomEntry {
    return entryView(entry, queue, token, this.timing);
  }

  /**
   * A long poll: resolves when the place's state changes (at once, within one check), when its position
   * changed and it waited `positionNoticeMs`, or after `longPollMs` unchanged; `closed` ends it early
   * (the client went away).
   */
  waitForChange(
    site: string,
    entry: EntryRow,
    told: WaitingRoomEntry,
    closed: AbortSignal,
  ): Promise<WaitingRoomEntry> {
    // Sold out parks too: a refund can bring a seat back, and the web keeps polling it.
    if (this.stopped || !['waiting', 'admitted', 'sold_out'].includes(told.state)) {
      return Promise.resolve(told);
    }
    // One parked poll per place (review finding 3): a second for the same entry (another tab, a client
    // that opens many) answers the first at once, so one token cannot hold any number of sockets.
    // By its entry id, not a scan of every parked poll (a rush parks thousands: the scan was a hot spot).
    const other = this.waiters.get(entry.id);
    other?.done(other.told);
    if (closed.aborted) return Promise.resolve(told);
    return new Promise((resolve) => {
      const timeout = setTimeout(() => finish(waiter.told), this.timing.longPollMs);
      const finish = (answer: WaitingRoomEntry) => {
        if (this.waiters.get(entry.id) !== waiter) return;
        this.waiters.delete(entry.id);
        clearTimeout(timeout);
        closed.removeEventListener('abort', onAbort);
        resolve(answer);
      };
      const onAbort = () => finish(waiter.told);
      const waiter: Waiter = { site, entry, token: told.token, since: Date.now(), told, done: finish };
      this.waiters.set(entry.id, waiter);
      closed.addEventListener('abort', onAbort, { once: true });
      this.scheduleCheck();
    });
  }

  private scheduleCheck(): void {
    if (this.checkTimer || this.stopped || !this.timing.timers) return;
    this.checkTimer = setTimeout(() => {
      this.checkTimer = null;
      void this.checkWaiters().finally(() => {
        if (this.waiters.size > 0) this.scheduleCheck();
      });
    }, this.timing.pollCheckMs);
    this.checkTimer.unref();
  }

  /** The shared check: one read of the waited-on queues (and of entries that may have been admitted). */
  async checkWaiters(): Promise<void> {
    if (this.checking || this.waiters.size === 0) return;
    this.checking = true;
    try {
      const waiters = [...this.waiters.values()];
      const queues = await readQueues(this.db, [...new Set(waiters.map((w) => w.entry.queue_id))]);
      // Entries admitted since they were read (their deadline is theirs) or whose admission may have ended.
      const stale = waiters.filter((w) => {
        const queue = queues.get(w.entry.queue_id);
        return (
          queue !== undefined && (w.entry.state === 'admitted' || w.entry.position <= queue.admitted_through)
        );
      });
      const entries =
        stale.length > 0 ? await readEntries(this.db, [...new Set(stale.map((w) => w.entry.id))]) : new Map();
      const now = Date.now();
      for (const waiter of waiters) {
        const queue = queues.get(waiter.entry.queue_id);
        if (!queue) continue;
        const reread = entries.get(waiter.entry.id) as EntryRow | undefined;
        // Most of a rush's thousands of polls: still waiting, their entry not re-read (their turn is not
        // near), the queue open and not sold out, too soon for a position notice. Their answer can only be
        // the one they were told, so no view is built (four checks a second, each over every parked poll).
        if (
          reread === undefined &&
          waiter.told.state === 'waiting' &&
          queue.ended_at === null &&
          queue.sold_out_at === null &&
          now - waiter.since < this.timing.positionNoticeMs
        ) {
          continue;
        }
        const entry = reread ?? waiter.entry;
        waiter.entry = entry;
        const answer = this.view(entry, queue, waiter.token);
        if (answer.state !== waiter.told.state) waiter.done(answer);
        else if (
          answer.position !== waiter.told.position &&
          now - waiter.since >= this.timing.positionNoticeMs
        ) {
          waiter.done(answer);
        }
      }
    } catch (error) {
      this.log.warn({ err: error }, 'waiting room: long-poll check failed (the next one tries again)');
    } finally {
      this.checking = false;
    }
  }

  /** Whether this process parks as many long polls as it may (`maxParkedPolls`): a new one is refused. */
  get pollsFull(): boolean {
    return this.waiters.size >= this.timing.maxParkedPolls;
  }

  /** Open long polls of this process (tests). */
  get waiting(): number {
    return this.waiters.size;
  }
}

/** The place token a request carries for the product: its cookie, else the API clients' header. */
export function queueTokenOf(
  request: { cookies?: Record<string, string | undefined>; headers: Record<string, unknown> },
  productId: number,
): string | undefined {
  const cookie = request.cookies?.[waitingRoomCookieName(productId)];
  if (cookie) return cookie;
  const header = request.headers[WAITING_ROOM_TOKEN_HEADER];
  return typeof header === 'string' && header.length > 0 ? header : undefined;
}

/** One waiting room per server process (per app: a test's second app is a second process). */
const rooms = new WeakMap<object, WaitingRoom>();

/** The waiting room of the app whose `server` (its HTTP server: one per app) is `key`. */
export function waitingRoomFor(key: object, db: Db, log: WaitingRoomLog): WaitingRoom {
  let room = rooms.get(key);
  if (!room) {
    room = new WaitingRoom(db, log);
    rooms.set(key, room);
  }
  return room;
}
