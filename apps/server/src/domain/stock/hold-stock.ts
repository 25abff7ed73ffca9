import { randomToken } from '../../shared/random-token.ts';
import type { PoolClient } from 'pg';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import {
  insertHeldOrders,
  readSpanState,
  type CapGuard,
  type CapKeys,
  type HeldRow,
  type Holding,
  type SpanState,
} from './hold-statements.ts';
import type { HeldOrder, HoldRequest, StockHolder } from './hold-types.ts';
import { noteStockChange, stockChanges } from './stock-changes.ts';

export type { HeldOrder, HoldCaps, HoldRequest, StockHolder } from './hold-types.ts';

interface Pending {
  request: HoldRequest;
  token: string;
  resolve: (held: HeldOrder) => void;
  reject: (error: unknown) => void;
}

/** The slot as a batch left it: its state as read and the seats still free after the batch's holds. */
interface SlotLeft {
  span: SpanState | undefined;
  remaining: number;
}

/**
 * How old (from when its batch began) a slot's stock may be to refuse a hold on it without a read (ADR 007
 * addendum): about as old as the stock the requests queued behind a batch are refused on already
 * (refuseWhatCannotFit), a batch's round trip under load (the hot-slot run's p99 at 32 clients is 12–27 ms).
 * Never used to grant: a hold that may fit always runs the conditional write.
 */
export const REFUSAL_FRESHNESS_MS = 25;
/** Slots whose last stock a process keeps; past it the memory starts afresh (a refusal then reads). */
const MAX_SLOTS_REMEMBERED = 10_000;

/** 128-bit random, URL-safe (22 characters). */
export function newOrderToken(): string {
  return randomToken();
}

/**
 * Per-slot micro-batcher. A hot slot gets hundreds of holds at the same second; one transaction per
 * request would queue them all on the span's row lock, each paying its own lock wait and commit.
 * Here the requests of one slot that arrive while a batch is in flight wait in a queue and go
 * together in the next batch: one UPDATE of `held`, one multi-row INSERT, one COMMIT. Correctness never
 * depends on the batching: the conditional UPDATE cannot oversell, a batch that loses a race with another
 * process is redone under the span's row lock (`SELECT ... FOR UPDATE`), and the table's CHECK is the
 * last line of defence.
 */
export function createStockHolder(
  db: Db,
  options: {
    maxBatch?: number;
    /** Called when a batch lost a race with another writer and was redone under the row lock. */
    onContention?: () => void;
    /** The clock the freshness of a slot's last stock is measured by (tests hold it still). */
    clock?: () => number;
  } = {},
): StockHolder {
  const maxBatch = options.maxBatch ?? 500;
  // Monotonic: a wall clock set back would make old stock look fresh.
  const clock = options.clock ?? (() => performance.now());
  const onContention = options.onContention ?? (() => undefined);
  const queues = new Map<number, Pending[]>();
  const draining = new Set<number>();
  /**
   * Each slot as this process's last batch of it left it, when that batch began, and the process's stock
   * changes then: any change since (a release, a sale, a slot edited here) makes it unusable.
   */
  const lastLeft = new Map<number, { left: SlotLeft; at: number; changes: number }>();

  async function drain(spanId: number): Promise<void> {
    draining.add(spanId);
    try {
      // The slot as the previous batch of this burst left it; a burst's first batch reads it.
      let left: SlotLeft | undefined;
      for (;;) {
        const queue = queues.get(spanId);
        if (!queue || queue.length === 0) {
          queues.delete(spanId);
          return;
        }
        const batch = queue.splice(0, maxBatch);
        const startedAt = clock();
        // Taken before the batch: a change that commits while the batch runs (its read may predate it) voids
        // what the batch finds, as does the batch's own take (noted in settle).
        const changesBefore = stockChanges();
        try {
          const known = left ? await heldOnKnownStock(db, spanId, batch, left) : 'read first';
          left = known === 'read first' ? await runBatch(db, spanId, batch, onContention) : known;
          if (left) refuseWhatCannotFit(queue, left);
          if (lastLeft.size >= MAX_SLOTS_REMEMBERED) lastLeft.clear();
          if (left) lastLeft.set(spanId, { left, at: startedAt, changes: changesBefore });
          else lastLeft.delete(spanId);
        } catch (error) {
          // The batch functions settle their requests and do not throw; should one ever, its requests get
          // the error (settling twice is a no-op) and the queue goes on with a fresh read.
          failBatch(batch, error);
          left = undefined;
        }
      }
    } finally {
      draining.delete(spanId);
    }
  }

  return {
    hold(request) {
      return new Promise<HeldOrder>((resolve, reject) => {
        const spanId = request.timeSpanId;
        if (!draining.has(spanId)) {
          // Refused at once on what a batch begun moments ago found, if this process changed no stock since
          // (a sold-out slot's flood of holds then costs no read each; another process's release is seen
          // within the freshness); a request that may fit always goes to the database.
          const last = lastLeft.get(spanId);
          const refusal =
            last && clock() - last.at <= REFUSAL_FRESHNESS_MS && last.changes === stockChanges()
              ? refusalOn(last.left, request)
              : null;
          if (refusal) {
            reject(refusal);
            return;
          }
        }
        let queue = queues.get(spanId);
        if (!queue) queues.set(spanId, (queue = []));
        queue.push({ request, token: newOrderToken(), resolve, reject });
        // The first request of an idle slot starts at once (no added latency); later ones queue.
        if (!draining.has(spanId)) void drain(spanId);
      });
    },
  };
}

function refusalFor(
  span: SpanState | undefined,
  request: HoldRequest,
  remaining: number,
  holdings: readonly [CapLimit, Holding][],
): AppError | null {
  // A draft or retired product is not for sale: answered as the order's product lookup answers it.
  if (!span || span.product_id !== request.productId || !span.published)
    return new AppError('record_not_found');
  if (!span.on_sale || !span.open_channels.includes(request.channel)) return new AppError('not_on_sale');
  if (span.capacity === 0) return new AppError('no_stock_registered');
  for (const [limit, holding] of holdings) {
    if (limit.maxOrders !== null && holding.orders + 1 > limit.maxOrders)
      return new AppError('too_many_holds');
    if (limit.maxTickets !== null && holding.tickets + request.quantity > limit.maxTickets) {
      return new AppError('too_many_holds');
    }
  }
  if (remaining < request.quantity) return new AppError('out_of_stock');
  return null;
}

interface Allocation {
  accepted: Pending[];
  refused: [Pending, AppError][];
  /** Seats still free once the accepted requests hold theirs. */
  remaining: number;
}

/**
 * Greedy in arrival order: a request that does not fit is refused, a smaller later one may still fit.
 * A capped client's and address's holdings grow with each of its requests accepted in the batch.
 */
function allocate(
  span: SpanState | undefined,
  batch: Pending[],
  known: { remaining: number; holdings: Holding[] } = {
    remaining: span ? span.capacity - span.held - span.sold - span.allotted : 0,
    holdings: span?.holdings ?? [],
  },
): Allocation {
  const allocation: Allocation = { accepted: [], refused: [], remaining: 0 };
  let remaining = known.remaining;
  const holdings = new Map(known.holdings.map((h) => [`${h.kind}|${h.key}`, { ...h }]));
  for (const pending of batch) {
    const own = capLimitsOf(pending.request).map((limit): [CapLimit, Holding] => {
      const id = `${limit.kind}|${limit.key}`;
      let holding = holdings.get(id);
      if (!holding) holdings.set(id, (holding = { kind: limit.kind, key: limit.key, orders: 0, tickets: 0 }));
      return [limit, holding];
    });
    const refusal = refusalFor(span, pending.request, remaining, own);
    if (refusal) {
      allocation.refused.push([pending, refusal]);
    } else {
      allocation.accepted.push(pending);
      remaining -= pending.request.quantity;
      for (const [, holding] of own) {
        holding.orders += 1;
        holding.tickets += pending.request.quantity;
      }
    }
  }
  allocation.remaining = remaining;
  return allocation;
}

/** The refusal a slot as a batch left it gives a request, caps aside (they only ever add refusals). */
function refusalOn(left: SlotLeft, request: HoldRequest): AppError | null {
  return refusalFor(left.span, request, left.remaining, []);
}

/**
 * The requests that queued while a batch ran are refused at once when the slot, as that batch left it,
 * cannot serve them (sold out, off sale, unknown), instead of waiting for a read of their own. On a
 * sold-out slot every request then waits for at most one read, the one already in flight. The stock they
 * are refused on is at most one batch old (a few milliseconds); nothing is ever granted on it, so it
 * cannot oversell. The hold caps are left out: they only ever add refusals.
 */
function refuseWhatCannotFit(queue: Pending[], left: SlotLeft): void {
  let kept = 0;
  for (const pending of queue) {
    const refusal = refusalOn(left, pending.request);
    if (refusal) pending.reject(refusal);
    else queue[kept++] = pending;
  }
  queue.length = kept;
}

/** One cap a request is under: the key it counts by and the most it may hold (null: no limit). */
type CapLimit = Omit<CapGuard, 'orders' | 'tickets'>;

/**
 * The caps a request is under (ADR 094): its client's (a visitor, or its address's cookieless share) and its
 * address's ceiling over all its visitors; none for a request without keys (staff, kiosk, partner) or with
 * both limits of a kind cleared.
 */
function capLimitsOf(request: HoldRequest): CapLimit[] {
  const { caps, clientKey, addressKey } = request;
  const limits: CapLimit[] = [];
  if (clientKey !== null && (caps.openOrdersPerClient !== null || caps.ticketsPerClientSlot !== null)) {
    limits.push({
      kind: 'client',
      key: clientKey,
      maxOrders: caps.openOrdersPerClient,
      maxTickets: caps.ticketsPerClientSlot,
    });
  }
  if (addressKey !== null && (caps.openOrdersPerAddress !== null || caps.ticketsPerAddressSlot !== null)) {
    limits.push({
      kind: 'address',
      key: addressKey,
      maxOrders: caps.openOrdersPerAddress,
      maxTickets: caps.ticketsPerAddressSlot,
    });
  }
  return limits;
}

/** The distinct capped clients and addresses of a batch: the span read counts what each holds (one round trip). */
function capKeysOf(batch: Pending[]): CapKeys {
  const keys = { client: new Set<string>(), address: new Set<string>() };
  for (const { request } of batch) {
    for (const limit of capLimitsOf(request)) keys[limit.kind].add(limit.key);
  }
  return { client: [...keys.client], address: [...keys.address] };
}

/** Answers the batch; returns the slot as the batch left it (after its update, when it took stock). */
function settle(span: SpanState | undefined, allocation: Allocation, rows: HeldRow[]): SlotLeft {
  const { accepted, refused } = allocation;
  // Committed (or nothing taken): this process's refusals on the slot's last stock read again (ADR 007).
  if (rows.length > 0) noteStockChange();
  const expiryByToken = new Map(rows.map((row) => [row.order_token, row.expires_at]));
  for (const pending of accepted) {
    pending.resolve({
      orderToken: pending.token,
      expiresAt: expiryByToken.get(pending.token)!,
      price: pending.request.price,
    });
  }
  for (const [pending, refusal] of refused) pending.reject(refusal);
  // Another process may have moved the stock between the read and the update: the update's own count wins.
  return { span, remaining: rows[0]?.remaining ?? allocation.remaining };
}

/**
 * Errors a value of one request can cause (SQLSTATE classes 22 data exception, 23 integrity constraint):
 * worth splitting the batch for. Anything else (connection lost, time-out) fails every request alike.
 */
function isRequestDataError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^2[23]/.test(code);
}

/**
 * One bad request must not fail its batch neighbours: a batch whose statement failed on a data error is
 * split in two and each half runs again, down to the single request that fails alone (2·log2(n) extra
 * statements for one bad request in n). Answers false when the error is not worth splitting for.
 */
async function retriedInHalves(
  db: Db,
  spanId: number,
  batch: Pending[],
  error: unknown,
  onContention: () => void,
): Promise<boolean> {
  if (batch.length < 2 || !isRequestDataError(error)) return false;
  const half = Math.ceil(batch.length / 2);
  await runBatch(db, spanId, batch.slice(0, half), onContention);
  await runBatch(db, spanId, batch.slice(half), onContention);
  return true;
}

/**
 * A batch in one round trip, on the stock the previous batch of the burst left: when all of it fits
 * there, it goes straight to the write, whose conditions check afresh what the read would have (the
 * seats, the slot on sale and before its cut-off, each capped client's open holds). Answers 'read first',
 * having written nothing and settled nobody, when anything did not hold; the batch then takes the
 * read-first way (runBatch), which also explains any refusal.
 */
async function heldOnKnownStock(
  db: Db,
  spanId: number,
  batch: Pending[],
  left: SlotLeft,
): Promise<SlotLeft | undefined | 'read first'> {
  if (!left.span) return 'read first';
  const allocation = allocate(left.span, batch, { remaining: left.remaining, holdings: [] });
  if (allocation.refused.length > 0) return 'read first';
  let rows: HeldRow[];
  try {
    rows = await insertHeldOrders(db.$client, spanId, allocation.accepted, batchCaps(allocation.accepted));
  } catch (error) {
    // A failed statement wrote nothing. A request's bad data: the read-first way runs the batch again and
    // splits it down to that request. Anything else (connection lost, a bug) fails the batch, as there.
    if (isRequestDataError(error)) return 'read first';
    return failBatch(batch, error);
  }
  if (rows.length === 0) return 'read first';
  return settleWritten(left.span, allocation, rows);
}

/** Fails every request of a batch with `error` (settling twice is a no-op); no stock is known after it. */
function failBatch(batch: readonly Pending[], error: unknown): undefined {
  for (const pending of batch) pending.reject(error);
  return undefined;
}

/** Settles a batch whose write inserted rows: all of its accepted requests, or (a bug) only some. */
function settleWritten(
  span: SpanState | undefined,
  allocation: Allocation,
  rows: HeldRow[],
): SlotLeft | undefined {
  if (rows.length === allocation.accepted.length) return settle(span, allocation, rows);
  // Cannot happen (every insert of the statement hangs on the one stock update); if it did, the rows
  // are committed, so they are not tried again: they expire with their hold.
  const error = new Error('hold batch: partial insert');
  return failBatch([...allocation.accepted, ...allocation.refused.map(([p]) => p)], error);
}

/**
 * One transaction for a batch; settles every pending request and never throws. Within one process
 * batches of a slot run one after another, so the stock read just before the write is almost always
 * still true: the batch first tries without a lock (a plain read, then the conditional write as one
 * autocommit statement: two round trips, and a sold-out slot costs one read and no commit). Only when
 * the conditional write finds the slot changed (another process took or released stock, the slot went off
 * sale or reached its cut-off) does it take the row lock and allocate again under it.
 */
async function runBatch(
  db: Db,
  spanId: number,
  batch: Pending[],
  onContention: () => void,
): Promise<SlotLeft | undefined> {
  let span: SpanState | undefined;
  let optimistic: Allocation;
  let rows: HeldRow[];
  try {
    span = await readSpanState(db.$client, spanId, capKeysOf(batch), { lock: false });
    optimistic = allocate(span, batch);
    if (optimistic.accepted.length === 0) return settle(span, optimistic, []);
    rows = await insertHeldOrders(db.$client, spanId, optimistic.accepted, []);
  } catch (error) {
    // The read or the one write statement failed, so nothing of the batch was written.
    if (await retriedInHalves(db, spanId, batch, error, onContention)) return undefined;
    return failBatch(batch, error);
  }
  if (rows.length !== 0) return settleWritten(span, optimistic, rows);
  onContention();
  return runLocked(db, spanId, batch, onContention);
}

/** The batch under the span's row lock: the lock serialises batches of every process. */
async function runLocked(
  db: Db,
  spanId: number,
  batch: Pending[],
  onContention: () => void,
): Promise<SlotLeft | undefined> {
  let client: PoolClient | undefined;
  let span: SpanState | undefined;
  let allocation: Allocation;
  let rows: HeldRow[] = [];
  try {
    client = await db.$client.connect();
    await client.query('BEGIN');
    span = await readSpanState(client, spanId, capKeysOf(batch), { lock: true });
    allocation = allocate(span, batch);
    if (allocation.accepted.length > 0) {
      rows = await insertHeldOrders(client, spanId, allocation.accepted, []);
      // Under the lock the slot cannot have changed (its row is locked, now() is the transaction's); a
      // write that took nothing is a bug and must not commit.
      if (rows.length !== allocation.accepted.length)
        throw new Error('hold batch: stock moved under the lock');
    }
    await client.query('COMMIT');
    client.release();
    client = undefined;
  } catch (error) {
    if (client) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release(true);
    }
    if (await retriedInHalves(db, spanId, batch, error, onContention)) return undefined;
    return failBatch(batch, error);
  }
  return settle(span, allocation, rows);
}

/**
 * What each capped client and address of the batch adds (orders, tickets) and may hold at most: the
 * write's guard when no read counted their holds first. A null cap is no cap (the comparison is never true).
 */
function batchCaps(accepted: Pending[]): CapGuard[] {
  const byKey = new Map<string, CapGuard>();
  for (const { request } of accepted) {
    for (const limit of capLimitsOf(request)) {
      const id = `${limit.kind}|${limit.key}`;
      let entry = byKey.get(id);
      if (!entry) byKey.set(id, (entry = { ...limit, orders: 0, tickets: 0 }));
      entry.orders += 1;
      entry.tickets += request.quantity;
    }
  }
  return [...byKey.values()];
}
