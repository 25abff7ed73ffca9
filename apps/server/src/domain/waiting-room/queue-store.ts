import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { nextPace, paceOf, pacedPerSecond, type ServiceReading } from './admission-pace.ts';
import type { WaitingRoomTiming } from './timing.ts';

/**
 * The waiting room's rows in PostgreSQL (ADR 095): every process reads and advances the same queues, and a
 * restart loses nothing. The per-process parts (caches, timers, long polls) are in waiting-room.ts.
 */

/** A product whose queue is in force now (the operator's switch, or an open automatic run). */
export interface InForceQueue {
  productId: number;
  productUuid: string;
  siteCode: string;
  /** The open run (null: the operator's switch is on and no one has joined or stepped it open yet). */
  queueId: number | null;
}

/** What a place's answer is computed from. */
export interface EntryRow {
  id: number;
  queue_id: number;
  product_id: number;
  position: number;
  state: 'waiting' | 'admitted' | 'used' | 'expired';
  admitted_until: Date | null;
  /**
   * For a waiting entry overtaken by earlier arrivals (its position at or below `admitted_through`), how many
   * waiting entries go before it (admission is by `arrived_at, position`); null otherwise (review finding 12).
   */
  ahead?: number | null;
}
export interface QueueRow {
  id: number;
  product_id: number;
  product_uuid: string;
  admitted_through: number;
  sold_out_at: Date | null;
  ended_at: Date | null;
  admit_per_minute: number | null;
  /** The run's admission pace in thousandths (ADR 133); null before its first step. */
  pace_milli: number | null;
}

/** Every queue in force, all sites: what each process caches for about a second (the gate's only read). */
export async function readQueuesInForce(db: Db): Promise<InForceQueue[]> {
  const { rows } = await db.execute<{
    id: number | null;
    product_id: number;
    product_uuid: string;
    site_code: string;
  }>(sql`
    SELECT q.id, q.product_id, q.product_uuid::text AS product_uuid, q.site_code
      FROM waiting_room_queues q WHERE q.ended_at IS NULL
    UNION ALL
    SELECT NULL, p.id, p.uuid::text, p.site_code FROM products p
     WHERE p.waiting_room_enabled
       AND NOT EXISTS (SELECT 1 FROM waiting_room_queues q WHERE q.product_id = p.id AND q.ended_at IS NULL)`);
  return rows.map((row) => ({
    productId: Number(row.product_id),
    productUuid: row.product_uuid,
    siteCode: row.site_code,
    queueId: row.id === null ? null : Number(row.id),
  }));
}

/**
 * The open run of the product's queue, opened now if the operator's switch is on and none is open; null
 * when no queue is in force (the operator's switch is off and no automatic run is open).
 */
async function openQueueId(db: Db, site: string, productId: number): Promise<number | null> {
  // Two first joins at once: the one whose INSERT met the other's waits for it, does nothing, and its
  // statement's snapshot (taken before) does not see the run; a second statement does.
  return (await openQueueIdOnce(db, site, productId)) ?? openQueueIdOnce(db, site, productId);
}

async function openQueueIdOnce(tx: Db, site: string, productId: number): Promise<number | null> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    WITH opened AS (
      INSERT INTO waiting_room_queues (product_id, site_code, product_uuid, reason)
      SELECT p.id, p.site_code, p.uuid, 'operator' FROM products p
       WHERE p.id = ${productId} AND p.site_code = ${site} AND p.waiting_room_enabled
      ON CONFLICT (product_id) WHERE ended_at IS NULL DO NOTHING
      RETURNING id)
    SELECT id FROM opened
    UNION ALL
    SELECT q.id FROM waiting_room_queues q
     WHERE q.product_id = ${productId} AND q.site_code = ${site} AND q.ended_at IS NULL`);
  return rows[0] ? Number(rows[0].id) : null;
}

const ENTRY_COLUMNS = sql`e.id, e.queue_id, q.product_id, e.position, e.state, e.admitted_until,
  CASE WHEN e.state = 'waiting' AND e.position <= q.admitted_through THEN
    (SELECT count(*) FROM waiting_room_entries o
      WHERE o.queue_id = e.queue_id AND o.state = 'waiting' AND (o.arrived_at, o.position) < (e.arrived_at, e.position))::int
  END AS ahead`;

/** Where a join's position is taken: one statement of its own (`takePosition`), or a batch's share. */
export type Taken = { opened: boolean; row: { entry: EntryRow; queue: QueueRow } | null };
/** Takes a position in a known run (join-batcher.ts: many joins of a process in one statement). */
export interface PositionTaker {
  take(queueId: number, visitorKey: string | null, arrivedAt: Date): Promise<Taken>;
}
/** Runs a join's own statements within the caller's bound on them (routes.ts: the pool's share for joins). */
export type Alone = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * Joins the product's queue: a new place at the back, or, for a visitor id already waiting or admitted in
 * this run, that place (never a better one). Null when no queue is in force for the product.
 * `knownQueueId` (the process's snapshot of open runs) saves looking the run up; a run that ended since is
 * looked up again. With `via.batch` a join whose run is known takes its position with the other joins of
 * the moment (ADR 095 addendum); the first join of a run and a run that ended since take the one-by-one
 * path, within `via.alone`.
 */
export async function joinQueue(
  db: Db,
  input: {
    site: string;
    productId: number;
    visitorKey: string | null;
    knownQueueId?: number | null;
    /**
     * When the server process read the join (its arrival, ADR 095 addendum): the step admits in this
     * order. Default: now.
     */
    arrivedAt?: Date;
  },
  via: { batch?: PositionTaker; alone?: Alone } = {},
): Promise<{ entry: EntryRow; queue: QueueRow } | null> {
  const arrivedAt = input.arrivedAt ?? new Date();
  const alone: Alone = via.alone ?? ((work) => work());
  if (via.batch && input.knownQueueId) {
    const knownQueueId = input.knownQueueId;
    const joined = await via.batch.take(knownQueueId, input.visitorKey, arrivedAt);
    if (joined.opened) return placed(db, input, knownQueueId, joined);
    // The snapshot's run ended in the meantime (or the batch met its dropped sequence): the run in force
    // now, if any, as the first join of a run.
    return alone(() => joinQueue(db, { ...input, knownQueueId: null, arrivedAt }));
  }
  return alone(async () => {
    let queueId = input.knownQueueId ?? (await openQueueId(db, input.site, input.productId));
    if (queueId === null) return null;
    let joined = await takePosition(db, queueId, input.visitorKey, arrivedAt);
    if (!joined.opened && input.knownQueueId) {
      // The snapshot's run ended in the meantime: the run in force now, if any.
      queueId = await openQueueId(db, input.site, input.productId);
      if (queueId === null) return null;
      joined = await takePosition(db, queueId, input.visitorKey, arrivedAt);
    }
    return placed(db, input, queueId, joined);
  });
}

/** The join's answer once its run took it: its place, or the place a same-instant other tab took. */
async function placed(
  db: Db,
  input: { site: string; productId: number; visitorKey: string | null },
  queueId: number,
  joined: Taken,
): Promise<{ entry: EntryRow; queue: QueueRow } | null> {
  if (joined.row) return joined.row;
  if (!joined.opened || input.visitorKey === null) return null;
  // The same visitor joined in another tab (or process) at the same moment: theirs stands (a position this
  // join drew, if any, is a gap).
  const { rows } = await db.execute<{ id: number }>(sql`
    SELECT id FROM waiting_room_entries
     WHERE queue_id = ${queueId} AND visitor_key = ${input.visitorKey} AND state IN ('waiting', 'admitted')`);
  return rows[0] ? readEntry(db, input.site, input.productId, Number(rows[0].id)) : null;
}

/** PostgreSQL's "undefined table": the run's position sequence was dropped (it ended since the snapshot). */
const UNDEFINED_RELATION = '42P01';

/**
 * A join that resolved the sequence's name before the run's end dropped it, then waited on its lock, fails
 * with PostgreSQL's internal error "could not open relation with OID …" (XX000), not 42P01 (review finding
 * 18, reproduced with psql). It means the same: the run ended; the join looks up the run in force, if any.
 */
export function isDroppedRelation(code: unknown, error: unknown): boolean {
  if (code !== 'XX000') return false;
  const message =
    (error as { message?: unknown } | null)?.message ??
    (error as { cause?: { message?: unknown } } | null)?.cause?.message;
  return typeof message === 'string' && message.includes('could not open relation');
}

/**
 * Named, so each connection plans it once (ADR 095, measured: planning an unnamed statement cost more than
 * running it, about 1 ms of 2). $1 the run, $2 the visitor key or null, $3 when the process read the join.
 */
const TAKE_POSITION = {
  name: 'waiting-room-take-position',
  text: `
    WITH q AS (
      SELECT id, product_id, product_uuid, admitted_through, sold_out_at, ended_at, admission_pace_milli
        FROM waiting_room_queues WHERE id = $1::bigint AND ended_at IS NULL),
    existing AS (
      SELECT e.id, e.queue_id, e.position, e.state, e.admitted_until
        FROM waiting_room_entries e JOIN q ON q.id = e.queue_id
       WHERE $2::text IS NOT NULL AND e.visitor_key = $2::text AND e.state IN ('waiting', 'admitted')),
    e AS (
      INSERT INTO waiting_room_entries (queue_id, position, visitor_key, arrived_at)
      SELECT q.id, nextval(('waiting_room_positions_' || q.id)::regclass), $2::text, $3::timestamptz FROM q
       WHERE NOT EXISTS (SELECT 1 FROM existing)
      ON CONFLICT (queue_id, visitor_key) WHERE visitor_key IS NOT NULL AND state IN ('waiting', 'admitted')
        DO NOTHING
      RETURNING id, queue_id, position, state, admitted_until),
    placed AS (SELECT * FROM e UNION ALL SELECT * FROM existing)
    SELECT (SELECT count(*) FROM q)::int AS opened, placed.id, placed.queue_id, q.product_id,
           q.product_uuid::text AS product_uuid, placed.position, placed.state, placed.admitted_until,
           q.admitted_through, q.sold_out_at, q.ended_at, q.admission_pace_milli AS pace_milli,
           (SELECT waiting_room_admit_per_minute FROM products WHERE id = q.product_id) AS admit_per_minute
      FROM (SELECT 1) AS one LEFT JOIN q ON true LEFT JOIN placed ON true`,
};

/**
 * The join's one statement (ADR 095, measured): the visitor's place in the run if they have one, else a new
 * place whose position is the next value of the run's own sequence (migration 1080). Nothing is locked
 * beyond the new row: concurrent joins do not wait for each other, and each takes its position at the
 * moment PostgreSQL runs its statement (the "arrival" of ADR 095). Answered with what the view needs.
 */
async function takePosition(
  db: Db,
  queueId: number,
  visitorKey: string | null,
  arrivedAt: Date,
): Promise<Taken> {
  const rows = await takenRows(db, {
    ...TAKE_POSITION,
    values: [queueId, visitorKey, arrivedAt.toISOString()],
  });
  return rows ? takenOf(rows[0]!) : { opened: false, row: null };
}

/**
 * The batch's one statement (join-batcher.ts, ADR 095 addendum): TAKE_POSITION's rules for many joins of one
 * run. $1 the run; $2 the visitor keys (or nulls) and $3 when the process read each join, in the batch's
 * order; one row answered per join, in that order (`ord`). New positions are drawn in arrival order (nextval
 * is evaluated after the ORDER BY, PostgreSQL 9.6 on). A key with a place keeps it; a key twice in the batch
 * (two tabs at once) gets one new place, drawn at its earlier arrival; a null key always a new place. A key
 * placed by another process meanwhile (the insert did nothing) answers no row: the caller looks it up.
 * Named, as TAKE_POSITION. Its generic plan believes the arrays hold a few rows, so nothing joins two lists
 * of the batch (a nested loop over 500 × 500 cost 40 of 50 ms): each join looks up its key's place through
 * the index (LIMIT 1 keeps it a lookup per key, not a scan of every place), its new place's id is drawn with
 * its position (the insert's rows need no mapping back), a repeated key takes its first's by a window, and
 * which inserts happened is a hashed subplan.
 */
const TAKE_POSITIONS = {
  name: 'waiting-room-take-positions',
  text: `
    WITH q AS (
      SELECT q.id, q.product_id, q.product_uuid, q.admitted_through, q.sold_out_at, q.ended_at,
             q.admission_pace_milli, p.waiting_room_admit_per_minute AS admit_per_minute
        FROM waiting_room_queues q JOIN products p ON p.id = q.product_id
       WHERE q.id = $1::bigint AND q.ended_at IS NULL),
    asked AS (
      SELECT a.key, a.arrived, a.ord, row_number() OVER (PARTITION BY a.key ORDER BY a.arrived, a.ord) AS nth
        FROM unnest($2::text[], $3::timestamptz[]) WITH ORDINALITY AS a(key, arrived, ord)),
    drawn AS (
      SELECT a.key, a.arrived, a.ord, a.nth, q.id AS queue_id,
             x.id AS x_id, x.position AS x_position, x.state AS x_state, x.admitted_until AS x_admitted_until,
             CASE WHEN q.id IS NOT NULL AND x.id IS NULL AND (a.key IS NULL OR a.nth = 1)
                  THEN nextval(('waiting_room_positions_' || q.id)::regclass) END AS position,
             CASE WHEN q.id IS NOT NULL AND x.id IS NULL AND (a.key IS NULL OR a.nth = 1)
                  THEN nextval('waiting_room_entries_id_seq'::regclass) END AS id
        FROM asked a
        LEFT JOIN q ON true
        LEFT JOIN LATERAL (
          SELECT e.id, e.position, e.state, e.admitted_until FROM waiting_room_entries e
           WHERE e.queue_id = q.id AND e.visitor_key = a.key AND e.state IN ('waiting', 'admitted')
           LIMIT 1) x ON true
       ORDER BY a.arrived, a.ord),
    e AS (
      INSERT INTO waiting_room_entries (id, queue_id, position, visitor_key, arrived_at)
      SELECT id, queue_id, position, key, arrived FROM drawn WHERE id IS NOT NULL
      ON CONFLICT (queue_id, visitor_key) WHERE visitor_key IS NOT NULL AND state IN ('waiting', 'admitted')
        DO NOTHING
      RETURNING id),
    placed AS (
      SELECT d.ord, d.queue_id, d.x_id, d.x_position, d.x_state, d.x_admitted_until,
             CASE WHEN d.key IS NULL THEN d.id ELSE first_value(d.id) OVER by_key END AS new_id,
             CASE WHEN d.key IS NULL THEN d.position ELSE first_value(d.position) OVER by_key END AS new_position
        FROM drawn d
      WINDOW by_key AS (PARTITION BY d.key ORDER BY d.nth))
    SELECT p.ord, (SELECT count(*) FROM q)::int AS opened,
           CASE WHEN p.x_id IS NOT NULL THEN p.x_id WHEN p.new_id IN (SELECT id FROM e) THEN p.new_id END AS id,
           p.queue_id, q.product_id, q.product_uuid::text AS product_uuid,
           coalesce(p.x_position, p.new_position) AS position, coalesce(p.x_state, 'waiting') AS state,
           p.x_admitted_until AS admitted_until,
           q.admitted_through, q.sold_out_at, q.ended_at, q.admit_per_minute, q.admission_pace_milli AS pace_milli
      FROM placed p LEFT JOIN q ON true
     ORDER BY p.ord`,
};

/**
 * Positions for many joins of one run in one statement, answered in their order; every join answered "not
 * opened" when the run ended since the snapshot (then each takes the one-by-one path).
 */
export async function takePositions(
  db: Db,
  queueId: number,
  asked: readonly { visitorKey: string | null; arrivedAt: Date }[],
): Promise<Taken[]> {
  const rows = await takenRows(db, {
    ...TAKE_POSITIONS,
    values: [
      queueId,
      asked.map((join) => join.visitorKey),
      asked.map((join) => join.arrivedAt.toISOString()),
    ],
  });
  if (!rows) return asked.map(() => ({ opened: false, row: null }));
  return rows.map(takenOf);
}

type TakenRow = EntryRow & {
  opened: number;
  product_uuid: string;
  admitted_through: number;
  sold_out_at: Date | null;
  ended_at: Date | null;
  admit_per_minute: number | null;
  pace_milli: number | null;
} & Record<string, unknown>;

/** The statement's rows; null when it met the run's dropped sequence (the run ended since the snapshot). */
async function takenRows(
  db: Db,
  statement: { name: string; text: string; values: unknown[] },
): Promise<TakenRow[] | null> {
  try {
    return (await db.$client.query<TakenRow>(statement)).rows;
  } catch (error) {
    const code =
      (error as { code?: unknown } | null)?.code ??
      (error as { cause?: { code?: unknown } } | null)?.cause?.code;
    if (code === UNDEFINED_RELATION || isDroppedRelation(code, error)) return null;
    throw error;
  }
}

function takenOf(row: TakenRow): Taken {
  if (row.id === null || row.id === undefined) return { opened: Number(row.opened) > 0, row: null };
  return { opened: true, row: { entry: normalise(row), queue: queueOf(row, Number(row.queue_id)) } };
}

function normalise(row: EntryRow): EntryRow {
  return {
    id: Number(row.id),
    queue_id: Number(row.queue_id),
    product_id: Number(row.product_id),
    position: Number(row.position),
    state: row.state,
    admitted_until: row.admitted_until === null ? null : new Date(row.admitted_until),
    ahead: row.ahead === null || row.ahead === undefined ? null : Number(row.ahead),
  };
}

/** The entry a token names, if it is of the product (and the site's); null for an unknown one. */
export async function readEntry(
  db: Db | Tx,
  site: string,
  productId: number,
  entryId: number,
): Promise<{ entry: EntryRow; queue: QueueRow } | null> {
  const { rows } = await db.execute<
    EntryRow & {
      product_uuid: string;
      admitted_through: number;
      sold_out_at: Date | null;
      ended_at: Date | null;
      admit_per_minute: number | null;
      pace_milli: number | null;
    } & Record<string, unknown>
  >(sql`
    SELECT ${ENTRY_COLUMNS}, q.product_uuid::text AS product_uuid, q.admitted_through, q.sold_out_at, q.ended_at,
           q.admission_pace_milli AS pace_milli, p.waiting_room_admit_per_minute AS admit_per_minute
      FROM waiting_room_entries e
      JOIN waiting_room_queues q ON q.id = e.queue_id
      JOIN products p ON p.id = q.product_id
     WHERE e.id = ${entryId} AND q.product_id = ${productId} AND q.site_code = ${site}`);
  const row = rows[0];
  if (!row) return null;
  return { entry: normalise(row), queue: queueOf(row, Number(row.queue_id)) };
}

/**
 * The places of many tokens in one read (the poll's batch, ADR 095 addendum), each with its queue and its
 * site: the caller checks that a token's place is of the product and site it names.
 */
export async function readPlaces(
  db: Db,
  entryIds: readonly number[],
): Promise<Map<number, { entry: EntryRow; queue: QueueRow; site: string }>> {
  const { rows } = await db.execute<
    EntryRow & {
      site_code: string;
      product_uuid: string;
      admitted_through: number;
      sold_out_at: Date | null;
      ended_at: Date | null;
      admit_per_minute: number | null;
      pace_milli: number | null;
    } & Record<string, unknown>
  >(sql`
    SELECT ${ENTRY_COLUMNS}, q.site_code, q.product_uuid::text AS product_uuid, q.admitted_through,
           q.sold_out_at, q.ended_at, q.admission_pace_milli AS pace_milli,
           p.waiting_room_admit_per_minute AS admit_per_minute
      FROM waiting_room_entries e
      JOIN waiting_room_queues q ON q.id = e.queue_id
      JOIN products p ON p.id = q.product_id
     WHERE e.id = ANY(${`{${entryIds.join(',')}}`}::bigint[])`);
  return new Map(
    rows.map((row) => [
      Number(row.id),
      { entry: normalise(row), queue: queueOf(row, Number(row.queue_id)), site: row.site_code },
    ]),
  );
}

function queueOf(
  row: {
    product_id: number;
    product_uuid: string;
    admitted_through: number;
    sold_out_at: Date | null;
    ended_at: Date | null;
    admit_per_minute: number | null;
    pace_milli: number | null;
  },
  id: number,
): QueueRow {
  return {
    id,
    product_id: Number(row.product_id),
    product_uuid: row.product_uuid,
    admitted_through: Number(row.admitted_through),
    sold_out_at: row.sold_out_at === null ? null : new Date(row.sold_out_at),
    ended_at: row.ended_at === null ? null : new Date(row.ended_at),
    admit_per_minute: row.admit_per_minute === null ? null : Number(row.admit_per_minute),
    pace_milli: row.pace_milli === null ? null : Number(row.pace_milli),
  };
}

/** The site's product named by id or uuid (the waiting room's calls accept either); null if none. */
export async function findProduct(
  db: Db,
  site: string,
  ref: { id?: number; uuid?: string },
): Promise<{ id: number; uuid: string } | null> {
  const { rows } = await db.execute<{ id: number; uuid: string }>(sql`
    SELECT id, uuid::text AS uuid FROM products
     WHERE site_code = ${site}
       AND ${ref.id !== undefined ? sql`id = ${ref.id}` : sql`uuid = ${ref.uuid ?? null}::uuid`}`);
  return rows[0] ? { id: Number(rows[0].id), uuid: rows[0].uuid } : null;
}

/** The queues the long polls of one process wait on, in one read. */
export async function readQueues(db: Db, ids: readonly number[]): Promise<Map<number, QueueRow>> {
  const { rows } = await db.execute<QueueRow & Record<string, unknown>>(sql`
    SELECT q.id, q.product_id, q.product_uuid::text AS product_uuid, q.admitted_through, q.sold_out_at, q.ended_at,
           q.admission_pace_milli AS pace_milli, p.waiting_room_admit_per_minute AS admit_per_minute
      FROM waiting_room_queues q JOIN products p ON p.id = q.product_id
     WHERE q.id = ANY(${`{${ids.join(',')}}`}::bigint[])`);
  return new Map(rows.map((row) => [Number(row.id), queueOf(row, Number(row.id))]));
}

/** The current rows of some entries (those a process's long polls saw admitted or expiring). */
export async function readEntries(db: Db, ids: readonly number[]): Promise<Map<number, EntryRow>> {
  const { rows } = await db.execute<EntryRow & Record<string, unknown>>(sql`
    SELECT ${ENTRY_COLUMNS} FROM waiting_room_entries e JOIN waiting_room_queues q ON q.id = e.queue_id
     WHERE e.id = ANY(${`{${ids.join(',')}}`}::bigint[])`);
  return new Map(rows.map((row) => [Number(row.id), normalise(row)]));
}

/** The visitors of these places asked about them (one batched write per process and step). */
export async function markSeen(db: Db, ids: readonly number[]): Promise<void> {
  await db.execute(sql`
    UPDATE waiting_room_entries SET last_seen_at = now()
     WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[]) AND state IN ('waiting', 'admitted')`);
}

/** Why an order without a usable admission is refused. */
export type AdmissionRefusal = 'waiting_room_required' | 'waiting_room_admission_expired';

/**
 * Uses the entry's admission for one hold (conditional UPDATE: two tabs holding at once get one); within
 * its window it also covers a replacement of a hold the visitor cancelled (or that lapsed). Answers
 * null when it was used, else why not: still waiting (or another run's place) needs the queue; an admission
 * past its window, or already used, has expired.
 */
export async function claimAdmission(
  db: Db,
  site: string,
  productId: number,
  entryId: number | null,
): Promise<AdmissionRefusal | null> {
  if (entryId === null) return 'waiting_room_required';
  const { rows } = await db.execute<{ claimed: boolean; state: string | null; late: boolean | null }>(sql`
    WITH claimed AS (
      UPDATE waiting_room_entries e SET state = 'used', used_at = now(), used_by_order = NULL
        FROM waiting_room_queues q
       WHERE e.id = ${entryId} AND q.id = e.queue_id AND q.product_id = ${productId} AND q.site_code = ${site}
         AND q.ended_at IS NULL AND e.admitted_until > now()
         AND (e.state = 'admitted'
              -- A replacement hold (review finding 2): the visitor cancelled the hold this admission made
              -- (changing date, time or quantity) and holds again within the window. One live hold at a
              -- time: a hold still in flight (no order yet) or still live is not replaced.
              OR (e.state = 'used' AND EXISTS (
                    SELECT 1 FROM orders o
                     WHERE o.id = e.used_by_order AND o.status IN ('cancelled', 'expired'))))
      RETURNING e.id)
    SELECT EXISTS (SELECT 1 FROM claimed) AS claimed,
           (SELECT e.state FROM waiting_room_entries e JOIN waiting_room_queues q ON q.id = e.queue_id
             WHERE e.id = ${entryId} AND q.product_id = ${productId} AND q.ended_at IS NULL) AS state`);
  const row = rows[0]!;
  if (row.claimed) return null;
  // Waiting, or a place in an ended run (then the run in force now is another): join the queue.
  if (row.state === null || row.state === 'waiting') return 'waiting_room_required';
  return 'waiting_room_admission_expired';
}

/** The hold failed (no stock in that slot, bad input): the admission is given back for another try. */
export async function returnAdmission(db: Db, entryId: number): Promise<void> {
  await db.execute(sql`
    UPDATE waiting_room_entries
       SET state = CASE WHEN admitted_until > now() THEN 'admitted' ELSE 'expired' END, used_at = NULL
     WHERE id = ${entryId} AND state = 'used' AND used_by_order IS NULL`);
}

/** The hold succeeded: the admission names its order. */
export async function recordAdmissionOrder(db: Db, entryId: number, orderToken: string): Promise<void> {
  await db.execute(sql`
    UPDATE waiting_room_entries
       SET used_by_order = (SELECT id FROM orders WHERE order_token = ${orderToken})
     WHERE id = ${entryId}`);
}

/**
 * Puts an automatic queue in force for the product (the order path's admission rate would be exceeded), or
 * lengthens the open one's cooling period.
 */
export async function engageAutomaticQueue(
  db: Db,
  site: string,
  productUuid: string,
  coolingMs: number,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO waiting_room_queues (product_id, site_code, product_uuid, reason, in_force_until)
    SELECT p.id, p.site_code, p.uuid, 'automatic', now() + ${coolingMs} * interval '1 millisecond'
      FROM products p WHERE p.uuid = ${productUuid}::uuid AND p.site_code = ${site}
    ON CONFLICT (product_id) WHERE ended_at IS NULL DO UPDATE
      SET in_force_until = greatest(waiting_room_queues.in_force_until, EXCLUDED.in_force_until)`);
}

/**
 * One step of every queue in force (ADR 095), run by every process on its timer: each queue is advanced by
 * one process at a time (an advisory lock tried, not waited for: a process finding it busy leaves it).
 * - opens the run of a product whose operator switch is on; ends the operator's run when it is off, and an
 *   automatic run whose cooling period is over with nobody waiting or admitted;
 * - expires admissions past their window (their places go to the next: admission counts only those still
 *   outstanding);
 * - marks the queue sold out while no open slot of the product has a seat left (every waiting visitor is
 *   told), and clears it if seats return (held seats released): the queue then admits again;
 * - admits the next in order at the paced rate (the operator's or the automatic one, times the run's pace:
 *   ADR 133, moved by the stepping process's `reading` of how fast it answers admitted visitors), at most
 *   `maxOutstandingAdmissions` admitted visitors who have not held yet, and never more of them than seats
 *   left (the last seats go strictly in queue order), from the product's `opens_at`.
 */
export async function advanceQueues(
  db: Db,
  timing: WaitingRoomTiming,
  reading: ServiceReading,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO waiting_room_queues (product_id, site_code, product_uuid, reason)
    SELECT p.id, p.site_code, p.uuid, 'operator' FROM products p
     WHERE p.waiting_room_enabled
       AND NOT EXISTS (SELECT 1 FROM waiting_room_queues q WHERE q.product_id = p.id AND q.ended_at IS NULL)
    ON CONFLICT (product_id) WHERE ended_at IS NULL DO NOTHING`);
  const { rows } = await db.execute<{ id: number }>(sql`
    SELECT id FROM waiting_room_queues WHERE ended_at IS NULL ORDER BY id`);
  for (const { id } of rows) await advanceQueue(db, Number(id), timing, reading);
}

/** The advisory lock space of the admission step (ADR 095's number). */
const STEP_LOCK_SPACE = 95;

async function advanceQueue(
  db: Db,
  queueId: number,
  timing: WaitingRoomTiming,
  reading: ServiceReading,
): Promise<void> {
  await db.transaction(async (tx) => {
    // One process at a time advances a queue; another that finds it busy skips it. An advisory lock, not
    // the queue row's: joins take a position by updating that row, and must not wait for a whole step.
    const { rows: locked } = await tx.execute<{ locked: boolean }>(sql`
      SELECT pg_try_advisory_xact_lock(${STEP_LOCK_SPACE}, ${queueId % 2_147_483_647}) AS locked`);
    if (!locked[0]?.locked) return;
    // Joins keep an automatic run in force (its cooling period starts again). They no longer touch the
    // queue row (migration 1080), so the step lengthens it from the last place taken since its last turn.
    await tx.execute(sql`
      UPDATE waiting_room_queues q
         SET in_force_until = l.joined_at + ${timing.automaticCoolingMs} * interval '1 millisecond'
        FROM (SELECT joined_at FROM waiting_room_entries WHERE queue_id = ${queueId}
               ORDER BY position DESC LIMIT 1) l
       WHERE q.id = ${queueId} AND q.ended_at IS NULL AND q.reason = 'automatic'
         AND l.joined_at > q.last_admission_at
         AND l.joined_at + ${timing.automaticCoolingMs} * interval '1 millisecond' > q.in_force_until`);
    const { rows } = await tx.execute<{
      product_id: number;
      reason: 'operator' | 'automatic';
      enabled: boolean;
      opens_at: Date | null;
      admit_per_minute: number | null;
      product_type: string;
      elapsed_s: number;
      credit: number;
      pace_milli: number | null;
      admitted_through: number;
      last_position: number;
      waiting: number;
      ended: boolean;
    }>(sql`
      SELECT q.product_id, q.reason, p.waiting_room_enabled AS enabled, p.waiting_room_opens_at AS opens_at,
             p.waiting_room_admit_per_minute AS admit_per_minute, p.product_type,
             extract(epoch FROM now() - q.last_admission_at)::float8 AS elapsed_s,
             q.admission_credit_milli / 1000.0 AS credit, q.admission_pace_milli AS pace_milli,
             q.admitted_through,
             greatest(q.last_position,
               coalesce(pg_sequence_last_value(('waiting_room_positions_' || q.id)::regclass), 0)) AS last_position,
             (SELECT count(*) FROM waiting_room_entries w WHERE w.queue_id = q.id AND w.state = 'waiting')::int
               AS waiting,
             (q.reason = 'automatic' AND q.in_force_until < now() AND NOT p.waiting_room_enabled) AS ended
        FROM waiting_room_queues q JOIN products p ON p.id = q.product_id
       WHERE q.id = ${queueId} AND q.ended_at IS NULL`);
    const queue = rows[0];
    if (!queue) return;
    await tx.execute(sql`
      UPDATE waiting_room_entries SET state = 'expired'
       WHERE queue_id = ${queueId} AND state = 'admitted' AND admitted_until <= now()`);
    // Places whose visitor stopped asking (review finding 1): skipped, so returned seats reach those still
    // there. The partial index on waiting places keeps this to the waiting rows.
    const { rows: gone } = await tx.execute<{ n: number }>(sql`
      WITH gone AS (
        UPDATE waiting_room_entries SET state = 'expired'
         WHERE queue_id = ${queueId} AND state = 'waiting'
           AND last_seen_at < now() - ${timing.visitorGoneMs} * interval '1 millisecond'
        RETURNING 1)
      SELECT count(*)::int AS n FROM gone`);
    if (queue.reason === 'automatic' && queue.enabled) {
      // The operator switched it on while an automatic run was open: it is theirs now (no cooling end).
      await tx.execute(sql`
        UPDATE waiting_room_queues SET reason = 'operator', in_force_until = NULL WHERE id = ${queueId}`);
    }
    if (queue.reason === 'operator' && !queue.enabled) return endQueue(tx, queueId);
    const outstanding = await countOutstanding(tx, queueId);
    const waiting = Number(queue.waiting) - Number(gone[0]?.n ?? 0);
    if (queue.ended && outstanding === 0 && waiting === 0) return endQueue(tx, queueId, true);

    // Seats left in the product's open slots (on sale, before their cut-off).
    // Sold out only when nothing can come back (review finding 1): held seats are not gone, an unpaid hold
    // lapses and its seat returns. While every seat left is only held, the waiting stay waiting (and keep
    // polling), and nobody more is admitted until a seat is free again.
    const { rows: stock } = await tx.execute<{ left: number; unsold: number }>(sql`
      SELECT coalesce(sum(greatest(0, ts.capacity - ts.held - ts.sold - ts.allotted)), 0)::bigint AS left,
             coalesce(sum(greatest(0, ts.capacity - ts.sold - ts.allotted)), 0)::bigint AS unsold
        FROM time_spans ts
       WHERE ts.product_id = ${queue.product_id} AND ts.on_sale
         AND (CASE WHEN ${queue.product_type} = 'time' THEN ts.starts_at ELSE ts.ends_at END) > now()`);
    const seatsLeft = Number(stock[0]!.left);
    const soldOut = Number(stock[0]!.unsold) === 0;
    const opened = queue.opens_at === null || new Date(queue.opens_at).getTime() <= Date.now();
    const pace = paceOf(queue.pace_milli, timing);
    const perSecond = pacedPerSecond(pace, queue.admit_per_minute ?? timing.automaticAdmitPerMinute, timing);
    // The budget earned since the last step, kept to about one step's worth plus one (no burst after a lull).
    const cap = Math.max(1, perSecond * Math.max(1, (timing.tickMs * 2) / 1000));
    const credit = Math.min(cap, Number(queue.credit) + Number(queue.elapsed_s) * perSecond);
    // Never more admitted-and-not-held than seats left: the last seats go strictly in queue order.
    const room = Math.min(Math.min(timing.maxOutstandingAdmissions, seatsLeft) - outstanding, waiting);
    const admitting = !soldOut && opened && seatsLeft > 0;
    const admit = admitting ? Math.max(0, Math.min(Math.floor(credit), room)) : 0;
    // The pace grows only when it was what held admissions back (otherwise a lull would raise it unmeasured):
    // more were waiting, with room for them, than the credit let in.
    const paceWasTheLimit = admitting && Math.floor(credit) < room;
    const paceNext = timing.pacing ? nextPace(pace, reading, paceWasTheLimit, timing) : pace;
    let through = Number(queue.admitted_through);
    if (admit > 0) {
      // The first waiting places in arrival order: when their process read the join (ADR 095 addendum),
      // not when PostgreSQL drew the position, which follows each process's own queue of joins. Not a
      // range of numbers either: positions have gaps, and a join that arrived before a later one may
      // commit after it (it is admitted next).
      const { rows: admitted } = await tx.execute<{ last: number | null }>(sql`
        WITH next AS (
          SELECT id FROM waiting_room_entries WHERE queue_id = ${queueId} AND state = 'waiting'
           ORDER BY arrived_at, position LIMIT ${admit} FOR UPDATE),
        done AS (
          UPDATE waiting_room_entries e
             SET state = 'admitted', admitted_at = now(),
                 admitted_until = now() + ${timing.admissionWindowMs} * interval '1 millisecond'
            FROM next WHERE e.id = next.id
          RETURNING e.position)
        SELECT max(position) AS last FROM done`);
      through = Math.max(through, Number(admitted[0]?.last ?? 0));
    }
    await tx.execute(sql`
      UPDATE waiting_room_queues
         SET admitted_through = ${through},
             last_position = greatest(last_position, ${Number(queue.last_position)}, ${through}),
             admission_credit_milli = ${waiting - admit > 0 ? Math.floor((credit - admit) * 1000) : 0},
             admission_pace_milli = ${timing.pacing ? Math.max(1, Math.round(paceNext * 1000)) : null},
             last_admission_at = now(),
             sold_out_at = CASE WHEN ${soldOut} THEN coalesce(sold_out_at, now()) END,
             updated_at = now()
       WHERE id = ${queueId}`);
  });
}

/**
 * Admitted visitors who have not held yet, and those whose hold is in flight: the gate marked the admission
 * `used` but the hold has not committed (no order recorded), so its seat is not yet counted as held. Left
 * out, a step in that moment admitted one more than seats left, and a later visitor's faster hold could
 * take an earlier one's seat (ADR 095 addendum, measured: 85 holds for 40 seats on a loaded machine). A
 * claim whose process died before recording stops counting when its window ends.
 */
async function countOutstanding(tx: Tx, queueId: number): Promise<number> {
  const { rows } = await tx.execute<{ count: number }>(sql`
    SELECT ((SELECT count(*) FROM waiting_room_entries WHERE queue_id = ${queueId} AND state = 'admitted')
          + (SELECT count(*) FROM waiting_room_entries
              WHERE queue_id = ${queueId} AND state = 'used' AND used_by_order IS NULL
                AND admitted_until > now()))::int AS count`);
  return Number(rows[0]!.count);
}

/** Ends the run; with `ifEmpty`, only if nobody is waiting or admitted in it (a join since the step read it). */
async function endQueue(tx: Tx, queueId: number, ifEmpty = false): Promise<void> {
  const unchanged = ifEmpty
    ? sql`AND NOT EXISTS (SELECT 1 FROM waiting_room_entries e
                           WHERE e.queue_id = ${queueId} AND e.state IN ('waiting', 'admitted'))`
    : sql``;
  await tx.execute(sql`
    UPDATE waiting_room_queues SET ended_at = now(), updated_at = now() WHERE id = ${queueId} ${unchanged}`);
}
