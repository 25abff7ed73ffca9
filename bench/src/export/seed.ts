import type pg from 'pg';
import type { BenchProduct } from '../hot-slot/seed.ts';
import { BENCH_SITE } from '../hot-slot/seed.ts';

/** The methods the orders are paid by, in turn (card through the gateways the settlement names, and cash). */
const METHODS = ['stripe_card', 'gmo', 'gmo_paypay', 'softbank_card', 'cash'];

/**
 * `count` paid orders of one site as checkout leaves them, in set-based SQL (generate_series, a few seconds
 * for 200,000): the order (reserved, 1–3 tickets), its confirmed payment with a payment number and a gateway
 * reference, confirmed over the last `days` days (Tokyo), its reservation and one ticket per person. One slot
 * carries them all: the reports read orders, payments, reservations and tickets, not the slot's stock.
 */
export async function seedPaidOrders(
  pool: pg.Pool,
  product: BenchProduct,
  count: number,
  days: number,
): Promise<void> {
  const span = await pool.query<{ id: string }>(
    `INSERT INTO time_spans (product_id, starts_at, ends_at, capacity)
     VALUES ($1, date_trunc('hour', now()) + interval '3 days', date_trunc('hour', now()) + interval '3 days 30 minutes', 100)
     RETURNING id`,
    [product.id],
  );
  const spanId = span.rows[0]!.id;
  await pool.query(
    `INSERT INTO orders (order_token, site_code, channel, status, lang, product_id, time_span_id, quantity, price,
                         expires_at, created_at)
     SELECT 'bench-export-order-' || n, $1, 'web', 'reserved', 'ja', $2, $3, 1 + n % 3, $4 * (1 + n % 3),
            now(), now() - (n % $6) * interval '1 day' - (n % 600) * interval '1 minute'
     FROM generate_series(1, $5::int) AS n`,
    [BENCH_SITE, product.id, spanId, product.price, count, days],
  );
  await pool.query(
    `INSERT INTO payments (order_id, site_code, method, amount, payment_number, idempotency_key, status,
                           confirmed_at, provider_reference)
     SELECT o.id, o.site_code, ($1::text[])[1 + o.id % cardinality($1::text[])], o.price,
            'P' || lpad(o.id::text, 10, '0'), 'bench-export-' || o.id, 'confirmed', o.created_at + interval '2 minutes',
            'bench-ref-' || o.id
     FROM orders o WHERE o.order_token LIKE 'bench-export-order-%'`,
    [METHODS],
  );
  await pool.query(
    `INSERT INTO reservations (reservation_token, reservation_number, site_code, email, lang, order_id, status)
     SELECT 'bench-export-reservation-' || o.id, 'R' || lpad(o.id::text, 10, '0'), o.site_code,
            'visitor' || o.id || '@bench.kippu.test', 'ja', o.id, 'reserved'
     FROM orders o WHERE o.order_token LIKE 'bench-export-order-%'`,
  );
  await pool.query(
    `INSERT INTO tickets (reservation_id, option_value_id, sequence, secret)
     SELECT r.id, $1, s, 'bench-export-ticket-' || r.id || '-' || s
     FROM reservations r JOIN orders o ON o.id = r.order_id, generate_series(1, o.quantity) AS s
     WHERE o.order_token LIKE 'bench-export-order-%'`,
    [product.optionValueId],
  );
  await pool.query('ANALYZE orders, payments, reservations, tickets');
}
