import { sql } from 'drizzle-orm';
import type { Env } from '../../config/env.ts';
import type { Tx } from '../../db/client.ts';
import { sharedTicketPagePath, siteUrl } from '../links.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import { visitOf } from '../reservations/reservation-visit.ts';
import { reservationById } from '../reservations/reservation-details.ts';

/** What a slot's standing reservations hold: reservations, tickets not void, distinct addresses. */
export interface SlotTickets {
  slotId: number;
  reservations: number;
  tickets: number;
  visitors: number;
}

/**
 * The standing (reserved) reservations of each slot and their tickets, share recipients included in the
 * visitors (by address). Slots without any are left out.
 */
export async function ticketsOnSlots(
  tx: Tx,
  slotIds: readonly number[],
  options: { together?: boolean } = {},
): Promise<SlotTickets[]> {
  // Together: one row for all the slots (slot id 0), its visitors distinct across them.
  const key = options.together ? sql.raw('0') : sql.raw('own.slot_id');
  if (slotIds.length === 0) return [];
  const { rows } = await tx.execute<{
    slot_id: string;
    reservations: number;
    tickets: number;
    visitors: number;
  }>(sql`
    WITH own AS (
      SELECT o.time_span_id AS slot_id, r.id FROM orders o JOIN reservations r ON r.order_id = o.id
      WHERE o.time_span_id = ANY(${sql.param([...slotIds])}::bigint[]) AND r.status = 'reserved'
    ), holders AS (
      SELECT ${key} AS slot_id, x.id, x.email FROM own
      JOIN reservations x ON (x.id = own.id OR x.parent_reservation_id = own.id) AND x.status = 'reserved'
    )
    SELECT h.slot_id, (SELECT count(*) FROM own WHERE ${key} = h.slot_id)::int AS reservations,
           (SELECT count(DISTINCT tk.id) FROM tickets tk JOIN holders hh ON hh.id = tk.reservation_id
            WHERE hh.slot_id = h.slot_id AND tk.status <> 'void')::int AS tickets,
           count(DISTINCT lower(h.email))::int AS visitors
    FROM holders h GROUP BY h.slot_id`);
  return rows.map((row) => ({
    slotId: Number(row.slot_id),
    reservations: row.reservations,
    tickets: row.tickets,
    visitors: row.visitors,
  }));
}

/**
 * Queues "your slot moved" (mail kind slot_moved) IN THE CALLER'S TRANSACTION, after the slot's row has its new
 * start: one mail to each standing reservation's address and each share recipient's, in their language, with
 * their own ticket link. Answers the number of mails queued.
 */
export async function mailSlotMoved(
  tx: Tx,
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  slotId: number,
  previous: { startsAt: string; endsAt: string },
): Promise<number> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    SELECT r.id FROM reservations r JOIN orders o ON o.id = r.order_id
    WHERE o.time_span_id = ${slotId} AND r.status = 'reserved' ORDER BY r.id`);
  let mails = 0;
  for (const { id } of rows) {
    const reservation = await reservationById(tx, Number(id));
    if (!reservation) continue;
    const moved = { previousStartsAt: previous.startsAt, previousEndsAt: previous.endsAt };
    if (reservation.email) {
      await enqueueMail(tx, {
        kind: 'slot_moved',
        siteCode: reservation.siteCode,
        to: reservation.email,
        lang: reservation.lang,
        payload: { ...visitOf(env, reservation, reservation.lang), ...moved },
      });
      mails += 1;
    }
    const { rows: shares } = await tx.execute<{ reservation_token: string; email: string; lang: string }>(sql`
      SELECT reservation_token, email, lang FROM reservations
      WHERE parent_reservation_id = ${reservation.id} AND status = 'reserved' ORDER BY id`);
    for (const share of shares) {
      if (!share.email) continue;
      const lang = share.lang as typeof reservation.lang;
      await enqueueMail(tx, {
        kind: 'slot_moved',
        siteCode: reservation.siteCode,
        to: share.email,
        lang,
        payload: {
          ...visitOf(env, reservation, lang),
          ticketUrl: siteUrl(env, reservation.siteSlug, sharedTicketPagePath(share.reservation_token), lang),
          ...moved,
        },
      });
      mails += 1;
    }
  }
  return mails;
}
