import { sql } from 'drizzle-orm';
import type { LocalizedText } from '@kippu/contract';
import type { MoveResponse, MovesResponse } from '@kippu/contract/console/moves-schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';

type RunAnswer = MovesResponse['moves'][number];
type ItemAnswer = MoveResponse['items'][number];

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

type RunRow = {
  id: string;
  status: RunAnswer['status'];
  source: RunAnswer['source'];
  uuid: string;
  names: LocalizedText;
  fallback: RunAnswer['fallback'];
  deadline: string | null;
  created_at: string;
  finished_at: string | null;
  counts: Record<string, number> | null;
};

/** The runs of the site with their counts per state (one statement). */
const RUNS = (site: string, where: ReturnType<typeof sql>) => sql`
  SELECT m.id, m.status, m.source, p.uuid, p.names, m.fallback, m.deadline, m.created_at, m.finished_at,
         (SELECT jsonb_object_agg(state, n) FROM (
            SELECT state, count(*)::int AS n FROM visitor_move_items WHERE move_id = m.id GROUP BY state) c
         ) AS counts
  FROM visitor_moves m JOIN products p ON p.id = m.product_id
  WHERE m.site_code = ${site} AND ${where}
  ORDER BY m.id DESC LIMIT 100`;

function runAnswer(row: RunRow): RunAnswer {
  const counts = { pending: 0, moved: 0, refunded: 0, left: 0, failed: 0, ...(row.counts ?? {}) };
  return {
    id: Number(row.id),
    status: row.status,
    source: row.source,
    product_uuid: row.uuid,
    product_names: row.names,
    fallback: row.fallback,
    deadline: iso(row.deadline),
    total: Object.values(counts).reduce((sum, n) => sum + n, 0),
    counts,
    created_at: iso(row.created_at)!,
    finished_at: iso(row.finished_at),
  };
}

/** GET /sites/:site/moves: the site's runs, newest first (at most 100). */
export async function listMoves(db: Db, site: string): Promise<MovesResponse> {
  const { rows } = await db.execute<RunRow>(RUNS(site, sql`true`));
  return { moves: rows.map(runAnswer) };
}

const SLOT_JSON = (alias: string) =>
  sql.raw(`CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('id', ${alias}.id,
    'starts_at', ${alias}.starts_at, 'ends_at', ${alias}.ends_at, 'on_sale', ${alias}.on_sale) END`);

type SlotJson = { id: number; starts_at: string; ends_at: string; on_sale: boolean };
const slotOf = (slot: SlotJson | null) =>
  slot === null ? null : { ...slot, starts_at: iso(slot.starts_at)!, ends_at: iso(slot.ends_at)! };

/**
 * GET /sites/:site/moves/:moveId: the run and every item in purchase order, with where it went and why it
 * did not (the progress bar while it runs, the result list after). Another site's run: record_not_found.
 */
export async function readMove(db: Db, site: string, moveId: number): Promise<MoveResponse> {
  const { rows } = await db.execute<RunRow>(RUNS(site, sql`m.id = ${moveId}`));
  if (!rows[0]) throw new AppError('record_not_found');
  const { rows: items } = await db.execute<{
    id: string;
    reservation_id: string;
    reservation_number: string;
    tickets: number;
    from_slot: SlotJson;
    planned_slot: SlotJson | null;
    moved_to: SlotJson | null;
    state: ItemAnswer['state'];
    reason: string | null;
    visitor_choice: ItemAnswer['visitor_choice'];
    mails: number;
    finished_at: string | null;
  }>(sql`
    SELECT i.id, i.reservation_id, r.reservation_number, i.tickets, ${SLOT_JSON('f')} AS from_slot,
           ${SLOT_JSON('pl')} AS planned_slot, ${SLOT_JSON('mv')} AS moved_to, i.state,
           i.reason, i.visitor_choice, i.mails, i.finished_at
    FROM visitor_move_items i
    JOIN reservations r ON r.id = i.reservation_id
    JOIN time_spans f ON f.id = i.from_slot_id
    LEFT JOIN time_spans pl ON pl.id = i.planned_slot_id
    LEFT JOIN time_spans mv ON mv.id = i.moved_to_slot_id
    WHERE i.move_id = ${moveId}
    ORDER BY i.position`);
  return {
    move: runAnswer(rows[0]),
    items: items.map((item) => ({
      id: Number(item.id),
      reservation_id: Number(item.reservation_id),
      reservation_number: item.reservation_number,
      tickets: item.tickets,
      from_slot: slotOf(item.from_slot)!,
      planned_slot: slotOf(item.planned_slot),
      moved_to: slotOf(item.moved_to),
      state: item.state,
      reason: item.reason,
      visitor_choice: item.visitor_choice,
      mails: item.mails,
      finished_at: iso(item.finished_at),
    })),
  };
}
