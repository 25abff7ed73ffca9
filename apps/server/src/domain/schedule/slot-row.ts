import { sql, type SQL } from 'drizzle-orm';
import type { ConsoleSlot } from '@kippu/contract/console/schedule-schemas';
import type { Db, Tx } from '../../db/client.ts';

/**
 * A slot as the console shows it, built by PostgreSQL (`t` time_spans, `p` products): Tokyo date and times
 * from the same clock every hold is judged by, instants as ISO text (`Date.toISOString`'s form).
 */
export const CONSOLE_SLOT_JSON = sql.raw(`json_build_object(
  'id', t.id, 'product_uuid', p.uuid,
  'date', to_char(t.starts_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD'),
  'start_time', to_char(t.starts_at AT TIME ZONE 'Asia/Tokyo', 'HH24:MI'),
  'end_time', to_char(t.ends_at AT TIME ZONE 'Asia/Tokyo', 'HH24:MI'),
  'starts_at', to_char(t.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'ends_at', to_char(t.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'capacity', t.capacity, 'sold', t.sold, 'held', t.held, 'on_sale', t.on_sale, 'version', t.version,
  'edited_by_hand', t.edited_at IS NOT NULL, 'started', t.starts_at <= now())`);

/** The slot as PostgreSQL built it: ISO timestamps already (no per-row conversion: the heatmap has thousands). */
export function slotFromJson(row: ConsoleSlot): ConsoleSlot {
  return row;
}

/** Slots of the site by id (those of other sites are left out), in start order; `lock` takes their row locks. */
export async function slotsOfSite(
  executor: Tx | Db,
  siteCode: string,
  ids: readonly number[],
  options: { lock?: boolean } = {},
): Promise<ConsoleSlot[]> {
  const lock: SQL = options.lock ? sql` ORDER BY t.id FOR UPDATE OF t` : sql``;
  const { rows } = await executor.execute<{ slot: ConsoleSlot }>(sql`
    SELECT slot FROM (
      SELECT ${CONSOLE_SLOT_JSON} AS slot, t.starts_at, t.id
      FROM time_spans t JOIN products p ON p.id = t.product_id
      WHERE t.id = ANY(${sql.param([...ids])}::bigint[]) AND p.site_code = ${siteCode}${lock}) s
    ORDER BY s.starts_at, s.id`);
  return rows.map((row) => slotFromJson(row.slot));
}
