import { sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@kippu/contract';
import type { OrderTransitionReason } from '@kippu/contract/console/order-timeline-details';
import type { Db } from '../../db/client.ts';
import type { Row } from '../../db/generated/rows.ts';

/**
 * The order state machine (ADR 011). Every allowed move, and nothing else:
 *
 *   holding ──customer info / mail confirmed──▶ ready_checkout ──checkout──▶ paying ──paid──▶ reserved ──▶ refunded
 *      │                                            │                         │  ▲
 *      └──────────── expired / cancelled ◀──────────┘      declined, retry ◀──┘  │ (back to ready_checkout)
 *                                                          payment never came back ▶ expired
 *   reserved ──change of date completed (ADR 029)──▶ changed
 *   ready_checkout ──a mail-confirm site's confirmed address replaced (ADR 020)──▶ holding
 * A change of date's temporary order follows the same path: holding ─confirmed─▶ ready_checkout ─▶ paying ─▶ reserved.
 */
export const ORDER_TRANSITIONS = {
  holding: ['ready_checkout', 'expired', 'cancelled'],
  ready_checkout: ['paying', 'expired', 'cancelled', 'holding'],
  paying: ['reserved', 'ready_checkout', 'expired'],
  reserved: ['refunded', 'changed'],
  expired: [],
  cancelled: [],
  refunded: [],
  changed: [],
} as const satisfies Record<OrderStatus, readonly OrderStatus[]>;

/**
 * Why an order moved; stored in order_events.reason. The contract's list (the console words each one), less
 * `hold`, which only the hold's own statement writes (hold-statements.ts).
 */
export type TransitionReason = Exclude<OrderTransitionReason, 'hold'>;

/** Statuses that still hold stock for the visitor and can change (coupons, customer info, checkout). */
export const OPEN_STATUSES = ['holding', 'ready_checkout'] as const satisfies readonly OrderStatus[];

export function isOpenStatus(status: string): boolean {
  return (OPEN_STATUSES as readonly string[]).includes(status);
}

/** An open order whose hold ran out is gone for the visitor even before the sweeper marks it. */
export function isTimedOut(status: string, lapsed: boolean): boolean {
  return status === 'expired' || (isOpenStatus(status) && lapsed);
}

/** Whether the table lets an order move from `from` to `to`. */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return (ORDER_TRANSITIONS[from] as readonly OrderStatus[]).includes(to);
}

/** The statuses an order may come from to reach `to`. */
function allowedSources(to: OrderStatus): OrderStatus[] {
  return (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).filter((from) => canTransition(from, to));
}

/** An order that just moved, with what releasing or selling its stock needs. */
export interface MovedOrder {
  id: number;
  from: OrderStatus;
  time_span_id: number;
  quantity: number;
}

type Executor = Pick<Db, 'execute'>;

/**
 * THE way an order's status changes. `orders` is a query that selects the candidate order ids (with
 * whatever locking the caller needs, e.g. `FOR UPDATE SKIP LOCKED`); of those, only orders currently in
 * a status allowed to reach `to` move: one conditional UPDATE, so two racing callers cannot both move the
 * same order (the loser's row no longer matches its old status and is skipped). Each moved order gets an
 * order_events row in the same statement. Answers the orders that moved; an empty answer means the move
 * was illegal or lost a race, and the caller decides which error that is.
 */
export async function transitionOrders(
  executor: Executor,
  change: { orders: SQL; to: OrderStatus; reason: TransitionReason },
): Promise<MovedOrder[]> {
  const sources = allowedSources(change.to);
  if (sources.length === 0) return [];
  const result = await executor.execute<
    Pick<Row<'orders'>, 'id' | 'time_span_id' | 'quantity'> & { from_status: Row<'orders'>['status'] }
  >(sql`
    WITH candidates AS (${change.orders}),
    current AS (
      SELECT o.id, o.status AS from_status FROM orders o
      WHERE o.id IN (SELECT id FROM candidates) AND o.status = ANY(${sql.param(sources)}::text[])
    ), moved AS (
      UPDATE orders o SET status = ${change.to}, updated_at = now()
      FROM current c
      WHERE o.id = c.id AND o.status = c.from_status
      RETURNING o.id, c.from_status, o.time_span_id, o.quantity
    ), logged AS (
      INSERT INTO order_events (order_id, from_status, to_status, reason)
      SELECT id, from_status, ${change.to}, ${change.reason} FROM moved
    )
    SELECT id, from_status, time_span_id, quantity FROM moved ORDER BY id`);
  return result.rows.map((row) => ({
    id: Number(row.id),
    from: row.from_status,
    time_span_id: Number(row.time_span_id),
    quantity: row.quantity,
  }));
}

/** One order by its token within a site: the most common `orders` argument. */
export function orderByToken(siteCode: string, orderToken: string): SQL {
  return sql`SELECT id FROM orders WHERE order_token = ${orderToken} AND site_code = ${siteCode}`;
}

/** One order by id. */
export function orderById(orderId: number): SQL {
  return sql`SELECT ${orderId}::bigint AS id`;
}
