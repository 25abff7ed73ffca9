import { randomToken } from '../../shared/random-token.ts';
import { sql } from 'drizzle-orm';
import type { SiteCode } from '@kippu/contract';
import type { Db, Tx } from '../../db/client.ts';
import type { Row } from '../../db/generated/rows.ts';

/** The `time_changes` rows (ADR 029, migration 0630). */

export type TimeChangeStatus = Row<'time_changes'>['status'];

export interface StoredTimeChange {
  id: number;
  token: string;
  siteCode: SiteCode;
  reservationId: number;
  fromOrderId: number;
  orderId: number;
  fromTimeSpanId: number;
  toTimeSpanId: number;
  oldPrice: number;
  newPrice: number;
  priceDifference: number;
  topUp: number;
  status: TimeChangeStatus;
  expiresAt: Date;
}

/** A `time_changes` row as drizzle's execute hands it over; the site code is one of ours (a CHECK in SQL). */
type TimeChangeRow = Row<'time_changes'> & { site_code: SiteCode };

function toChange(row: TimeChangeRow): StoredTimeChange {
  return {
    id: Number(row.id),
    token: row.timechange_token,
    siteCode: row.site_code,
    reservationId: Number(row.reservation_id),
    fromOrderId: Number(row.from_order_id),
    orderId: Number(row.order_id),
    fromTimeSpanId: Number(row.from_time_span_id),
    toTimeSpanId: Number(row.to_time_span_id),
    oldPrice: Number(row.old_price),
    newPrice: Number(row.new_price),
    priceDifference: Number(row.price_difference),
    topUp: Number(row.top_up),
    status: row.status,
    expiresAt: new Date(row.expires_at),
  };
}

/** 128-bit random, URL-safe (22 characters), as every token of the app. */
export function newTimeChangeToken(): string {
  return randomToken();
}

/**
 * A pending change whose temporary order can no longer pay (expired, cancelled, or its hold ran out while
 * not paying) is over: marks such changes of a reservation `expired`, so the one-pending index lets a
 * new change in. A change whose order is paying (a 3-D Secure round trip) stays pending until it settles.
 */
export async function expireLapsedChanges(
  executor: Pick<Db, 'execute'> | Tx,
  reservationId: number,
): Promise<void> {
  await executor.execute(sql`
    UPDATE time_changes c SET status = 'expired'
    FROM orders o
    WHERE c.reservation_id = ${reservationId} AND c.status = 'pending' AND o.id = c.order_id
      AND (o.status IN ('expired', 'cancelled')
           OR (o.status IN ('holding', 'ready_checkout') AND o.expires_at <= now()))`);
}

/** The token of the reservation's change still waiting for confirmation, or null. */
export async function pendingChangeToken(db: Db | Tx, reservationId: number): Promise<string | null> {
  const { rows } = await db.execute<{ timechange_token: string }>(sql`
    SELECT c.timechange_token FROM time_changes c JOIN orders o ON o.id = c.order_id
    WHERE c.reservation_id = ${reservationId} AND c.status = 'pending'
      AND NOT (o.status IN ('expired', 'cancelled')
               OR (o.status IN ('holding', 'ready_checkout') AND o.expires_at <= now()))`);
  return rows[0]?.timechange_token ?? null;
}

/** A change by its token under its reservation's token (both must match), optionally row-locked. */
export async function changeByTokens(
  executor: Pick<Db, 'execute'> | Tx,
  site: SiteCode,
  reservationToken: string,
  timechangeToken: string,
  lock = false,
): Promise<StoredTimeChange | undefined> {
  const { rows } = await executor.execute<TimeChangeRow>(sql`
    SELECT c.* FROM time_changes c JOIN reservations r ON r.id = c.reservation_id
    WHERE c.timechange_token = ${timechangeToken} AND r.reservation_token = ${reservationToken}
      AND c.site_code = ${site}
    ${lock ? sql`FOR UPDATE OF c` : sql``}`);
  return rows[0] ? toChange(rows[0]) : undefined;
}

/** The change whose temporary order this is, row-locked; undefined for an ordinary order. */
export async function changeOfOrder(tx: Tx, orderId: number): Promise<StoredTimeChange | undefined> {
  const { rows } = await tx.execute<TimeChangeRow>(
    sql`SELECT * FROM time_changes WHERE order_id = ${orderId} FOR UPDATE`,
  );
  return rows[0] ? toChange(rows[0]) : undefined;
}

/**
 * The sweeper expired these orders (their holds ran out): their pending changes end with them, in the
 * same transaction that gave the new slots' stock back.
 */
export async function expireChangesOfOrders(tx: Tx, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.execute(sql`
    UPDATE time_changes SET status = 'expired'
    WHERE order_id = ANY(${sql.param(orderIds)}::bigint[]) AND status = 'pending'`);
}
