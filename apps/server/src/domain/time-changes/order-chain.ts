import { sql, type SQL } from 'drizzle-orm';

/**
 * The orders one reservation has lived in, as a query of one column `order_id`: the order `start`, and
 * through each completed change of date (ADR 029) the order it replaced, back to the purchase. Its payments
 * paid for the reservation, its coupon uses count for it, the order desk shows them as one purchase.
 * `start` is an order id, or an SQL expression naming one (a column of the outer query).
 */
export const orderChainOf = (start: number | SQL) => sql`
  WITH RECURSIVE chain(order_id) AS (
    SELECT ${start}::bigint
    UNION
    SELECT c.from_order_id FROM time_changes c JOIN chain ON c.order_id = chain.order_id WHERE c.status = 'done'
  ) SELECT order_id FROM chain`;
