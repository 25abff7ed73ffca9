import type pg from 'pg';

export interface StockCheck {
  capacity: number;
  held: number;
  sold: number;
  /** Sum of order quantities on the slot. */
  orderedQuantity: number;
  /** Seats sold beyond capacity, counted on the slot row and on the orders: must be 0. */
  oversold: number;
}

/** Reads the slot after a run. The CHECK constraint guards the row; the order count guards the hold logic. */
export async function checkSlot(pool: pg.Pool, spanId: number): Promise<StockCheck> {
  const span = await pool.query<{ capacity: number; held: number; sold: number }>(
    'SELECT capacity, held, sold FROM time_spans WHERE id = $1',
    [spanId],
  );
  const orders = await pool.query<{ quantity: string }>(
    'SELECT coalesce(sum(quantity), 0) AS quantity FROM orders WHERE time_span_id = $1',
    [spanId],
  );
  const { capacity, held, sold } = span.rows[0]!;
  const orderedQuantity = Number(orders.rows[0]!.quantity);
  const oversold = Math.max(0, held + sold - capacity) + Math.max(0, orderedQuantity - capacity);
  return { capacity, held, sold, orderedQuantity, oversold };
}
