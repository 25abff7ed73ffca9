import { sql } from 'drizzle-orm';
import type { SystemRefundReason } from '@kippu/contract/console/order-timeline-details';
import type { LangCode, SiteCode } from '@kippu/contract';
import type { MovedVisitResponse } from '@kippu/contract/endpoints/moved-visits';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import { cancelTickets } from '../refunds/cancel-tickets.ts';
import { inLang, reservationById } from '../reservations/reservation-details.ts';
import { moveReservation } from './move-reservation.ts';
import { moveTokenHash } from './move-token.ts';
import type { VisitorMoveDeps } from './run-move.ts';

/** Most other slots the link offers. */
const OFFERED_SLOTS = 200;

/** A moved item as its link sees it. */
interface MovedItem {
  id: number;
  moveId: number;
  reservationId: number;
  fromSlotId: number;
  movedToSlotId: number;
  deadline: Date;
  open: boolean;
  visitorChoice: 'slot' | 'refund' | null;
  /** The refund the link asked for, once cancelTickets answered it: the one proof of `refunded`. */
  refundId: number | null;
  sourceSlotIds: number[];
}

/**
 * The moved item of a link on this site (its token's hash), `lock`ed for a choice; an unknown token, another
 * site's, or an item that did not move: record_not_found (the same answer, so a guess learns nothing).
 */
async function itemOfToken(tx: Pick<Db, 'execute'> | Tx, site: SiteCode, token: string, lock: boolean) {
  const { rows } = await tx.execute<{
    id: string;
    move_id: string;
    reservation_id: string;
    from_slot_id: string;
    moved_to_slot_id: string;
    deadline: string;
    open: boolean;
    visitor_choice: 'slot' | 'refund' | null;
    refund_id: string | null;
    source_slot_ids: string[];
  }>(sql`
    SELECT i.id, i.move_id, i.reservation_id, i.from_slot_id, i.moved_to_slot_id, i.deadline,
           i.deadline > now() AS open, i.visitor_choice, i.refund_id, m.source_slot_ids
    FROM visitor_move_items i JOIN visitor_moves m ON m.id = i.move_id
    WHERE i.token_hash = ${moveTokenHash(token)} AND m.site_code = ${site} AND i.state = 'moved'
    ${lock ? sql`FOR UPDATE OF i` : sql``}`);
  const row = rows[0];
  if (!row) throw new AppError('record_not_found');
  return {
    id: Number(row.id),
    moveId: Number(row.move_id),
    reservationId: Number(row.reservation_id),
    fromSlotId: Number(row.from_slot_id),
    movedToSlotId: Number(row.moved_to_slot_id),
    deadline: new Date(row.deadline),
    open: row.open,
    visitorChoice: row.visitor_choice,
    refundId: row.refund_id === null ? null : Number(row.refund_id),
    sourceSlotIds: row.source_slot_ids.map(Number),
  } satisfies MovedItem;
}

/**
 * Other slots the visit may take: the same product (its prices do not depend on the slot, so never dearer),
 * on sale, not begun, with room for every ticket, not the run's closed slots nor the current one.
 */
async function offeredSlots(
  tx: Pick<Db, 'execute'> | Tx,
  item: MovedItem,
  tickets: number,
): Promise<MovedVisitResponse['slots']> {
  const { rows } = await tx.execute<{
    id: string;
    starts_at: string;
    ends_at: string;
    remaining: number;
  }>(sql`
    SELECT t.id, t.starts_at, t.ends_at, (t.capacity - t.held - t.sold - t.allotted)::int AS remaining
    FROM time_spans t JOIN time_spans cur ON cur.id = ${item.movedToSlotId}
    JOIN products p ON p.id = t.product_id
    WHERE t.product_id = cur.product_id AND t.id <> cur.id
      AND NOT t.id = ANY(${sql.param(item.sourceSlotIds)}::bigint[])
      AND t.on_sale AND t.starts_at > now() AND p.status = 'published'
      AND t.capacity - t.held - t.sold - t.allotted >= ${tickets}
    ORDER BY t.starts_at, t.id LIMIT ${OFFERED_SLOTS}`);
  return rows.map((row) => ({
    time_span_id: Number(row.id),
    starts_at: new Date(row.starts_at).toISOString(),
    ends_at: new Date(row.ends_at).toISOString(),
    remaining: row.remaining,
  }));
}

async function answer(tx: Tx, item: MovedItem, lang: LangCode): Promise<MovedVisitResponse> {
  const reservation = (await reservationById(tx, item.reservationId))!;
  const { rows: previous } = await tx.execute<{ starts_at: string; ends_at: string }>(
    sql`SELECT starts_at, ends_at FROM time_spans WHERE id = ${item.fromSlotId}`,
  );
  const { rows: counted } = await tx.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM tickets tk JOIN reservations x ON x.id = tk.reservation_id
    WHERE (x.id = ${item.reservationId} OR x.parent_reservation_id = ${item.reservationId})
      AND tk.status <> 'void'`);
  const tickets = counted[0]!.n;
  const standing = reservation.status === 'reserved';
  // Refunded only once the refund exists (review finding 10): a choice whose refund was refused or not yet
  // asked is not a refund.
  const status: MovedVisitResponse['status'] =
    item.refundId !== null
      ? 'refunded'
      : item.visitorChoice === 'slot'
        ? 'chosen'
        : !standing
          ? 'closed'
          : item.open
            ? 'open'
            : 'expired';
  return {
    status,
    deadline: item.deadline.toISOString(),
    product_name: inLang(reservation.productNames, lang),
    product_type: reservation.productType,
    tickets,
    paid: Math.max(0, reservation.subtotal - reservation.discount),
    previous: {
      time_span_id: item.fromSlotId,
      starts_at: new Date(previous[0]!.starts_at).toISOString(),
      ends_at: new Date(previous[0]!.ends_at).toISOString(),
    },
    current: {
      time_span_id: reservation.timeSpanId,
      starts_at: reservation.startsAt.toISOString(),
      ends_at: reservation.endsAt.toISOString(),
    },
    reservation_token: reservation.token,
    slots: status === 'open' ? await offeredSlots(tx, item, tickets) : [],
  };
}

/** GET /moved-visits/{token}: the visit, old and new time, and (while a choice may be made) other slots. */
export async function movedVisit(
  db: Db,
  site: SiteCode,
  token: string,
  lang: LangCode,
): Promise<MovedVisitResponse> {
  return db.transaction(async (tx) => answer(tx, await itemOfToken(tx, site, token, false), lang), {
    accessMode: 'read only',
  });
}

/** The item, locked, while its one choice may still be made; else moved_visit_expired. */
async function openItem(tx: Tx, site: SiteCode, token: string): Promise<MovedItem> {
  const item = await itemOfToken(tx, site, token, true);
  if (item.visitorChoice !== null || !item.open) throw new AppError('moved_visit_expired');
  return item;
}

const visitorActor = (item: MovedItem): AuditActor => ({
  kind: 'visitor',
  label: `reservation ${item.reservationId}`,
});

/**
 * POST /moved-visits/{token}/slot (ADR 079): before the deadline and once, the visit moves to the chosen slot
 * with the run's own move (moveReservation: stock, order, new QR codes, audit, mails without a second link),
 * in one transaction with the item's choice. A slot that is not offered: not_on_sale; one that filled up:
 * out_of_stock; a reservation no longer standing: moved_visit_expired.
 */
export async function chooseMovedVisitSlot(
  db: Db,
  deps: VisitorMoveDeps,
  site: SiteCode,
  token: string,
  body: { time_span_id: number; lang: LangCode },
): Promise<MovedVisitResponse> {
  return db.transaction(async (tx) => {
    const item = await openItem(tx, site, token);
    const offered = await offeredSlots(tx, item, 0);
    if (!offered.some((slot) => slot.time_span_id === body.time_span_id)) throw new AppError('not_on_sale');
    const outcome = await moveReservation(tx, deps.env, {
      reservationId: item.reservationId,
      fromSlotId: item.movedToSlotId,
      toSlotIds: [body.time_span_id],
      actor: visitorActor(item),
      moveId: item.moveId,
      itemId: item.id,
      choiceFor: null,
    });
    if (outcome.kind === 'refused') {
      throw new AppError(outcome.reason === 'out_of_stock' ? 'out_of_stock' : 'moved_visit_expired');
    }
    await tx.execute(sql`
      UPDATE visitor_move_items
      SET visitor_choice = 'slot', visitor_choice_at = now(), moved_to_slot_id = ${outcome.toSlotId},
          mails = mails + ${outcome.mails}
      WHERE id = ${item.id}`);
    return answer(tx, { ...item, visitorChoice: 'slot', movedToSlotId: outcome.toSlotId }, body.lang);
  });
}

/**
 * POST /moved-visits/{token}/refund (ADR 079): before the deadline and once, the whole reservation is
 * cancelled with its money back (cancelTickets, actor visitor, no approval rule). The choice is written
 * first, then the refund is asked with the item's own key: a retry of the same link (a lost answer, a
 * refund that could not be asked) asks again with that key and gets the same refund, never a second.
 */
export async function refundMovedVisit(
  db: Db,
  deps: VisitorMoveDeps,
  site: SiteCode,
  token: string,
  body: { lang: LangCode },
): Promise<MovedVisitResponse> {
  const item = await db.transaction(async (tx) => {
    const found = await itemOfToken(tx, site, token, true);
    if (found.visitorChoice === 'refund') return found;
    if (found.visitorChoice !== null || !found.open) throw new AppError('moved_visit_expired');
    const { rows } = await tx.execute(
      sql`SELECT 1 FROM reservations WHERE id = ${found.reservationId} AND status = 'reserved'`,
    );
    if (rows.length === 0) throw new AppError('moved_visit_expired');
    await tx.execute(sql`
      UPDATE visitor_move_items SET visitor_choice = 'refund', visitor_choice_at = now() WHERE id = ${found.id}`);
    return { ...found, visitorChoice: 'refund' as const };
  });
  const { rows } = await db.execute<{ order_id: string }>(
    sql`SELECT order_id FROM reservations WHERE id = ${item.reservationId}`,
  );
  let summary: Awaited<ReturnType<typeof cancelTickets>>;
  try {
    summary = await cancelTickets(db, deps.refunds, {
      site,
      orderId: Number(rows[0]!.order_id),
      ticketIds: 'all',
      money: 'refund',
      reason: 'moved_visit_refund' satisfies SystemRefundReason,
      idempotencyKey: `moved-visit-${item.id}`,
      actor: visitorActor(item),
      approval: { limitYen: null },
    });
  } catch (error) {
    if (error instanceof AppError) {
      await db.execute(sql`
        UPDATE visitor_move_items SET visitor_choice = NULL, visitor_choice_at = NULL
        WHERE id = ${item.id} AND visitor_choice = 'refund' AND refund_id IS NULL`);
    }
    throw error;
  }
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`UPDATE visitor_move_items SET refund_id = ${summary.refundId} WHERE id = ${item.id}`,
    );
    return answer(tx, { ...item, refundId: summary.refundId }, body.lang);
  });
}
