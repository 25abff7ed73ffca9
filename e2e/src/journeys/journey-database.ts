import pg from 'pg';
import { inject } from 'vitest';

/**
 * The server's own database, for the few things a visitor cannot do from the browser: let a hold run out
 * without waiting twenty minutes, and check what a journey left behind (payments, reservations).
 */
async function query<Row extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<Row[]> {
  const client = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Lets the order's hold run out now, as twenty minutes of waiting would. Fails if no open order matched. */
export async function expireHold(orderToken: string): Promise<void> {
  const rows = await query(
    `UPDATE orders SET expires_at = now() - interval '1 second'
     WHERE order_token = $1 AND status IN ('holding', 'ready_checkout') RETURNING id`,
    [orderToken],
  );
  if (rows.length !== 1) throw new Error(`No open order with token ${orderToken} to expire`);
}

export interface OrderRecord {
  status: string;
  /** Status of every payment attempt, oldest first. */
  payments: string[];
  /** Reservation numbers of the order (at most one). */
  reservations: string[];
}

/** The order of `orderToken` as the database holds it: its status, payment attempts and reservations. */
export async function orderRecord(orderToken: string): Promise<OrderRecord> {
  const [order] = await query<{ id: string; status: string }>(
    'SELECT id, status FROM orders WHERE order_token = $1',
    [orderToken],
  );
  if (!order) throw new Error(`No order with token ${orderToken}`);
  const payments = await query<{ status: string }>(
    'SELECT status FROM payments WHERE order_id = $1 ORDER BY id',
    [order.id],
  );
  const reservations = await query<{ reservation_number: string }>(
    'SELECT reservation_number FROM reservations WHERE order_id = $1',
    [order.id],
  );
  return {
    status: order.status,
    payments: payments.map((row) => row.status),
    reservations: reservations.map((row) => row.reservation_number),
  };
}

export interface PaymentRecord {
  method: string;
  amount: number;
  status: string;
}

/** Every payment attempt of the order of `orderToken`, oldest first: what was charged, how, and its outcome. */
export async function paymentsOf(orderToken: string): Promise<PaymentRecord[]> {
  const rows = await query<{ method: string; amount: string; status: string }>(
    `SELECT p.method, p.amount, p.status FROM payments p JOIN orders o ON o.id = p.order_id
     WHERE o.order_token = $1 ORDER BY p.id`,
    [orderToken],
  );
  return rows.map((row) => ({ method: row.method, amount: Number(row.amount), status: row.status }));
}
