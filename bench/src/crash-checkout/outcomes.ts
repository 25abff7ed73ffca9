import type pg from 'pg';
import type { Db } from '../../../apps/server/src/db/client.ts';
import { createProduct, createTimeSpan } from '../../../apps/server/test/factories.ts';

/** What one visitor saw (the run in index.ts fills them; the count here reads them). */
export interface Visit {
  orderToken: string;
  /** The last answer to a checkout: 200 reserved, 502 declined, or 0 when cut (and not retried). */
  answer: number;
  retried: boolean;
}

export interface Product {
  uuid: string;
  spanId: number;
  optionValueId: number;
}

/** One DEMO product with a slot that never sells out, paid by the plain GMO card (`gmo`) on the web. */
export async function seedCheckoutProduct(db: Db): Promise<Product> {
  const product = await createProduct(db, { site: 'DEMO', channels: ['web'], prices: [2000] });
  const spanId = await createTimeSpan(db, { productId: product.id, capacity: 1_000_000 });
  await db.$client.query(`
    INSERT INTO payment_methods (site_code, channel, method, position) VALUES ('DEMO', 'web', 'gmo', 0)
    ON CONFLICT DO NOTHING`);
  return { uuid: product.uuid, spanId, optionValueId: product.optionValueIds[0]! };
}

export interface Outcomes {
  /** Orders with a confirmed payment, reserved, charged once. */
  paidReserved: number;
  /** Orders not reserved, nothing in flight, nothing charged (the hold runs out, or was released). */
  declinedReleased: number;
  /** Orders with an attempt still created/pending, or still paying. */
  stuck: number;
  inFlight: number;
  /** Orders charged more than once at the gateway. */
  doubleCharged: number;
  /** Charged once, yet not reserved and not refunded. */
  chargedUnreserved: number;
  /** The visitor's last answer was a failure (502) although the order ended reserved. */
  failureForCharged: number;
  answeredReserved: number;
  answeredDeclined: number;
  answeredNone: number;
  /** Attempts settled after their server died: by the reconciler, by a retried checkout (ADR 047). */
  recoveredByReconciler: number;
  recoveredByRetry: number;
  sold: number;
  held: number;
  reservedSeats: number;
  openHoldSeats: number;
}

type Row = {
  order_token: string;
  status: string;
  quantity: number;
  lapsed: boolean;
  in_flight: number;
  confirmed: number;
  captures: number;
};

/** What became of every order that started a payment, read from the database and the simulator's trades. */
export async function countOutcomes(pool: pg.Pool, product: Product, visits: Visit[]): Promise<Outcomes> {
  const { rows } = await pool.query<Row>(`
    SELECT o.order_token, o.status, o.quantity, o.expires_at <= now() AS lapsed,
           (SELECT count(*)::int FROM payments p WHERE p.order_id = o.id AND p.status IN ('created', 'pending')) AS in_flight,
           (SELECT count(*)::int FROM payments p WHERE p.order_id = o.id AND p.status = 'confirmed') AS confirmed,
           (SELECT count(*)::int FROM gateway_sim.gmo_transactions t JOIN payments p ON p.idempotency_key = t.order_id
            WHERE p.order_id = o.id AND t.status IN ('CAPTURE', 'AUTH', 'SALES')) AS captures
    FROM orders o
    WHERE EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id)`);
  const stock = await pool.query<{ held: number; sold: number }>(
    'SELECT held, sold FROM time_spans WHERE id = $1',
    [product.spanId],
  );
  const open = await pool.query<{ seats: number }>(
    // Every order of the run is on the product's one slot.
    `SELECT COALESCE(sum(quantity), 0)::int AS seats FROM orders
     WHERE status IN ('holding', 'ready_checkout', 'paying')`,
  );
  const recovered = await pool.query<{ call: string; n: number }>(`
    SELECT e ->> 'call' AS call, count(DISTINCT p.id)::int AS n
    FROM payments p, jsonb_array_elements(p.provider_events) e
    WHERE e ->> 'call' IN ('recovery', 'checkout_retry') GROUP BY 1`);
  const recoveredBy = (call: string) => recovered.rows.find((row) => row.call === call)?.n ?? 0;
  const byToken = new Map(rows.map((row) => [row.order_token, row]));
  const outcome: Outcomes = {
    paidReserved: 0,
    declinedReleased: 0,
    stuck: 0,
    inFlight: 0,
    doubleCharged: 0,
    chargedUnreserved: 0,
    failureForCharged: 0,
    answeredReserved: 0,
    answeredDeclined: 0,
    answeredNone: 0,
    recoveredByReconciler: recoveredBy('recovery'),
    recoveredByRetry: recoveredBy('checkout_retry'),
    sold: Number(stock.rows[0]!.sold),
    held: Number(stock.rows[0]!.held),
    reservedSeats: 0,
    openHoldSeats: Number(open.rows[0]!.seats),
  };
  for (const row of rows) {
    outcome.inFlight += row.in_flight;
    if (row.captures > 1) outcome.doubleCharged += 1;
    if (row.in_flight > 0 || row.status === 'paying') outcome.stuck += 1;
    else if (row.status === 'reserved' && row.confirmed === 1 && row.captures === 1)
      outcome.paidReserved += 1;
    else if (row.status !== 'reserved' && row.captures === 0) outcome.declinedReleased += 1;
    else if (row.status !== 'reserved' && row.captures > 0) outcome.chargedUnreserved += 1;
    if (row.status === 'reserved') outcome.reservedSeats += Number(row.quantity);
  }
  for (const visit of visits) {
    if (visit.answer === 200) outcome.answeredReserved += 1;
    else if (visit.answer === 0) outcome.answeredNone += 1;
    else outcome.answeredDeclined += 1;
    if (visit.answer === 502 && byToken.get(visit.orderToken)?.status === 'reserved') {
      outcome.failureForCharged += 1;
    }
  }
  return outcome;
}
