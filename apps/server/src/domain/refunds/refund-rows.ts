import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { RefundStatus, RefundSummary } from './refund-types.ts';

type Executor = Pick<Db, 'execute'> | Tx;

/** A refund row as this module's functions need it. */
export interface RefundRow {
  id: number;
  orderId: number;
  reservationId: number;
  siteCode: string;
  amount: number;
  status: RefundStatus;
  reason: string;
  idempotencyKey: string;
  requestedByStaffId: number | null;
  ticketIds: number[];
  returnNoteNumber: string | null;
}

type Raw = {
  id: string;
  order_id: string;
  reservation_id: string;
  site_code: string;
  amount: string;
  status: RefundStatus;
  reason: string;
  idempotency_key: string;
  requested_by_staff_id: string | null;
  ticket_ids: string[] | null;
  note_number: string | null;
};

const select = (where: ReturnType<typeof sql>, lock: boolean) => sql`
  SELECT f.id, f.order_id, f.reservation_id, f.site_code, f.amount, f.status, f.reason, f.idempotency_key,
         f.requested_by_staff_id,
         ARRAY(SELECT rt.ticket_id FROM refund_tickets rt WHERE rt.refund_id = f.id ORDER BY rt.ticket_id)
           AS ticket_ids,
         (SELECT n.note_number FROM return_notes n WHERE n.refund_id = f.id) AS note_number
  FROM refunds f WHERE ${where}
  ${lock ? sql`FOR UPDATE OF f` : sql``}`;

function toRow(raw: Raw): RefundRow {
  return {
    id: Number(raw.id),
    orderId: Number(raw.order_id),
    reservationId: Number(raw.reservation_id),
    siteCode: raw.site_code,
    amount: Number(raw.amount),
    status: raw.status,
    reason: raw.reason,
    idempotencyKey: raw.idempotency_key,
    requestedByStaffId: raw.requested_by_staff_id === null ? null : Number(raw.requested_by_staff_id),
    ticketIds: (raw.ticket_ids ?? []).map(Number),
    returnNoteNumber: raw.note_number,
  };
}

export async function refundByKey(db: Executor, key: string): Promise<RefundRow | undefined> {
  const { rows } = await db.execute<Raw>(select(sql`f.idempotency_key = ${key}`, false));
  return rows[0] ? toRow(rows[0]) : undefined;
}

export async function refundById(db: Executor, id: number, lock = false): Promise<RefundRow | undefined> {
  const { rows } = await db.execute<Raw>(select(sql`f.id = ${id}`, lock));
  return rows[0] ? toRow(rows[0]) : undefined;
}

export function summaryOf(refund: RefundRow): RefundSummary {
  return {
    refundId: refund.id,
    status: refund.status,
    amount: refund.amount,
    ticketIds: refund.ticketIds,
    ...(refund.returnNoteNumber ? { returnNoteNumber: refund.returnNoteNumber } : {}),
  };
}
