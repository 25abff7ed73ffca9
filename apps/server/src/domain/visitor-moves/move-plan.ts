import { sql } from 'drizzle-orm';
import type { LocalizedText, ProductType } from '@kippu/contract';
import type { MoveSource } from '@kippu/contract/console/moves-schemas';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';

type Executor = Pick<Db, 'execute'> | Tx;

/** A slot as a move sees it. */
export interface MoveSlot {
  id: number;
  startsAt: Date;
  endsAt: Date;
  onSale: boolean;
}

/** A target: its places free now (capacity − held − sold) and those the plan gives away. */
export interface MoveTarget extends MoveSlot {
  free: number;
  planned: number;
}

/** A standing reservation of a source slot, in purchase order. */
export interface MoveCandidate {
  reservationId: number;
  reservationNumber: string;
  orderId: number;
  purchasedAt: Date;
  fromSlotId: number;
  /** Places it takes: its tickets (and its shares') that are not void. */
  tickets: number;
  /** The target with room in time order, or null: it does not fit. */
  targetSlotId: number | null;
}

export interface MovePlan {
  productId: number;
  productUuid: string;
  productType: ProductType;
  productNames: LocalizedText;
  sourceSlots: MoveSlot[];
  targets: MoveTarget[];
  candidates: MoveCandidate[];
}

type SlotRow = {
  id: string;
  product_id: number;
  uuid: string;
  product_type: ProductType;
  names: LocalizedText;
  starts_at: string;
  ends_at: string;
  on_sale: boolean;
};

const toSlot = (row: Pick<SlotRow, 'id' | 'starts_at' | 'ends_at' | 'on_sale'>): MoveSlot => ({
  id: Number(row.id),
  startsAt: new Date(row.starts_at),
  endsAt: new Date(row.ends_at),
  onSale: row.on_sale,
});

/**
 * The source's slots (one slot, or every slot of the product on the Tokyo date) of the site, in id order;
 * `lock` takes their row locks (a run's creation: one run per source at a time, and its plan is made on
 * what stands). None: record_not_found.
 */
export async function sourceSlots(
  tx: Executor,
  site: string,
  source: MoveSource,
  lock = false,
): Promise<{ product: Omit<SlotRow, 'id' | 'starts_at' | 'ends_at' | 'on_sale'>; slots: MoveSlot[] }> {
  const where =
    source.kind === 'slot'
      ? sql`t.id = ${source.slot_id}`
      : sql`p.uuid = ${source.product_uuid}
            AND t.starts_at >= (${source.date}::date)::timestamp AT TIME ZONE 'Asia/Tokyo'
            AND t.starts_at < (${source.date}::date + 1)::timestamp AT TIME ZONE 'Asia/Tokyo'`;
  const { rows } = await tx.execute<SlotRow>(sql`
    SELECT t.id, t.product_id, p.uuid, p.product_type, p.names, t.starts_at, t.ends_at, t.on_sale
    FROM time_spans t JOIN products p ON p.id = t.product_id
    WHERE p.site_code = ${site} AND ${where}
    ORDER BY t.id ${lock ? sql`FOR UPDATE OF t` : sql``}`);
  if (rows.length === 0) throw new AppError('record_not_found');
  const { product_id, uuid, product_type, names } = rows[0]!;
  return { product: { product_id, uuid, product_type, names }, slots: rows.map(toSlot) };
}

/**
 * The targets, in time order: slots of the same product, none of them a source slot, on sale and not begun
 * (a slot that could not sell could not take a visitor either). Another product's or site's slot, or an
 * unknown one: record_not_found; one closed or begun: not_on_sale.
 */
async function targetSlots(
  tx: Executor,
  productId: number,
  sourceIds: readonly number[],
  targetIds: readonly number[],
): Promise<MoveTarget[]> {
  const { rows } = await tx.execute<SlotRow & { free: number; open: boolean }>(sql`
    SELECT t.id, t.starts_at, t.ends_at, t.on_sale, GREATEST(t.capacity - t.held - t.sold - t.allotted, 0)::int AS free,
           t.on_sale AND t.starts_at > now() AS open
    FROM time_spans t
    WHERE t.id = ANY(${sql.param([...targetIds])}::bigint[]) AND t.product_id = ${productId}
      AND NOT t.id = ANY(${sql.param([...sourceIds])}::bigint[])
    ORDER BY t.starts_at, t.id`);
  if (rows.length !== targetIds.length) throw new AppError('record_not_found');
  if (rows.some((row) => !row.open)) throw new AppError('not_on_sale');
  return rows.map((row) => ({ ...toSlot(row), free: row.free, planned: 0 }));
}

/**
 * The standing reservations (holders, not shares) of the source slots, first bought first: each with the
 * places it takes, its tickets and its shares' tickets that are not void (a partly refunded reservation
 * takes only what it kept).
 */
async function standingReservations(tx: Executor, slotIds: readonly number[]) {
  const { rows } = await tx.execute<{
    id: string;
    reservation_number: string;
    order_id: string;
    created_at: string;
    time_span_id: string;
    tickets: number;
  }>(sql`
    SELECT r.id, r.reservation_number, r.order_id, r.created_at, o.time_span_id,
           (SELECT count(*) FROM tickets tk JOIN reservations x ON x.id = tk.reservation_id
            WHERE (x.id = r.id OR x.parent_reservation_id = r.id) AND tk.status <> 'void')::int AS tickets
    FROM reservations r JOIN orders o ON o.id = r.order_id
    WHERE o.time_span_id = ANY(${sql.param([...slotIds])}::bigint[]) AND o.status = 'reserved'
      AND r.status = 'reserved' AND r.parent_reservation_id IS NULL
    ORDER BY r.created_at, r.id`);
  return rows.map((row) => ({
    reservationId: Number(row.id),
    reservationNumber: row.reservation_number,
    orderId: Number(row.order_id),
    purchasedAt: new Date(row.created_at),
    fromSlotId: Number(row.time_span_id),
    tickets: row.tickets,
  }));
}

/**
 * First come first served, whole reservations only (ADR 079): each reservation in purchase order goes to
 * the first target in time order with room for all its places; one that fits nowhere does not fit, and a
 * later, smaller one may still fit where it did not. Fills `planned` of the targets.
 */
export function assignTargets(
  reservations: Omit<MoveCandidate, 'targetSlotId'>[],
  targets: MoveTarget[],
): MoveCandidate[] {
  const left = new Map(targets.map((target) => [target.id, target.free]));
  return reservations.map((reservation) => {
    const target = targets.find((slot) => left.get(slot.id)! >= reservation.tickets);
    if (!target || reservation.tickets === 0) return { ...reservation, targetSlotId: null };
    left.set(target.id, left.get(target.id)! - reservation.tickets);
    target.planned += reservation.tickets;
    return { ...reservation, targetSlotId: target.id };
  });
}

/** The plan of a move: the source, the targets and where each standing reservation goes. */
export async function planMove(
  tx: Executor,
  site: string,
  input: { source: MoveSource; targetSlotIds: readonly number[] },
  lock = false,
): Promise<MovePlan> {
  const { product, slots } = await sourceSlots(tx, site, input.source, lock);
  const sourceIds = slots.map((slot) => slot.id);
  const targets = await targetSlots(tx, product.product_id, sourceIds, input.targetSlotIds);
  const candidates = assignTargets(await standingReservations(tx, sourceIds), targets);
  return {
    productId: product.product_id,
    productUuid: product.uuid,
    productType: product.product_type,
    productNames: product.names,
    sourceSlots: slots,
    targets,
    candidates,
  };
}

/**
 * Until when a moved visit's link may choose (ADR 079): staff's deadline, else the start (00:00 Tokyo) of the
 * new slot's day, i.e. the end of the day before the new time; when that has passed already (a move onto
 * the same day), the new slot's start.
 */
export function choiceDeadline(chosen: Date | null, newStart: Date, now = new Date()): Date {
  if (chosen) return chosen;
  const tokyo = new Date(newStart.getTime() + 9 * 3600_000);
  const midnight = new Date(
    Date.UTC(tokyo.getUTCFullYear(), tokyo.getUTCMonth(), tokyo.getUTCDate()) - 9 * 3600_000,
  );
  return midnight > now ? midnight : newStart;
}
