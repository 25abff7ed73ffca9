import { sql } from 'drizzle-orm';
import type { CloseDayResponse } from '@kippu/contract/console/schedule-schemas';
import type { Db } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { noteStockChange } from '../stock/stock-changes.ts';
import { ticketsOnSlots } from './slot-holders.ts';

/**
 * Close a day (issue 28: weather, emergencies): stop new sales of every slot starting on `date` (Tokyo) at each
 * site, in one transaction, one audit event per site. Existing tickets stay valid; the answer counts the
 * standing reservations, tickets and visitors on the day's slots, which part 3 moves or refunds. The caller
 * has checked each site against the member's covered sites. The answer has each site once, in code order
 * (the order their slots are locked in). A preview writes nothing.
 */
export async function closeDay(
  db: Db,
  actor: AuditActor,
  siteCodes: readonly string[],
  date: string,
  preview: boolean,
): Promise<CloseDayResponse> {
  const sites = await db.transaction(async (tx) => {
    const answers: CloseDayResponse['sites'] = [];
    // Each site once, in code order: two closes naming the same sites lock them in one order (no deadlock).
    for (const site of [...new Set(siteCodes)].sort()) {
      const { rows } = await tx.execute<{ id: string; on_sale: boolean }>(sql`
        SELECT t.id, t.on_sale FROM time_spans t JOIN products p ON p.id = t.product_id
        WHERE p.site_code = ${site}
          AND t.starts_at >= (${date}::date)::timestamp AT TIME ZONE 'Asia/Tokyo'
          AND t.starts_at < (${date}::date + 1)::timestamp AT TIME ZONE 'Asia/Tokyo'
        ORDER BY t.id ${preview ? sql`` : sql`FOR UPDATE OF t`}`);
      const open = rows.filter((row) => row.on_sale).map((row) => Number(row.id));
      const [held] = await ticketsOnSlots(
        tx,
        rows.map((row) => Number(row.id)),
        { together: true },
      );
      if (!preview && open.length > 0) {
        await tx.execute(sql`
          UPDATE time_spans SET on_sale = false, version = version + 1
          WHERE id = ANY(${sql.param(open)}::bigint[])`);
        await recordAudit(tx, {
          actor,
          siteCode: site,
          objectType: 'slot',
          objectId: `${site}:${date}`,
          action: 'day_closed',
          before: { date, on_sale_slot_ids: open },
          after: { date, slots_closed: open.length, slots_already_closed: rows.length - open.length },
        });
      }
      answers.push({
        site,
        slots_closed: open.length,
        slots_already_closed: rows.length - open.length,
        orders: held?.reservations ?? 0,
        tickets: held?.tickets ?? 0,
        visitors: held?.visitors ?? 0,
      });
    }
    return answers;
  });
  if (!preview) noteStockChange();
  return { preview, date, sites };
}
