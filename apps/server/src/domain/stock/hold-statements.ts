import type { PoolClient } from 'pg';
import type { HoldRequest } from './hold-stock.ts';
import { slotBeforeSaleCutoffSql } from './slot-sale.ts';

// The hold's two statements (ADR 007, ADR 039): the batch's read of the slot, and its one write.

/** A slot as the hold reads it. */
export interface SpanState {
  product_id: number;
  capacity: number;
  held: number;
  sold: number;
  on_sale: boolean;
  before_cutoff: boolean;
  /** What the batch's capped clients hold now on the span's site. */
  holdings: Holding[];
}

/** A client's open orders on the site and its tickets in this slot. */
export interface Holding {
  client_key: string;
  orders: number;
  tickets: number;
}

/** One order the write inserted. */
export interface HeldRow {
  order_token: string;
  expires_at: Date;
  /** The slot's free seats right after this statement's update. */
  remaining: number;
}

/**
 * What one client (`clientKey`) holds now on a site: its open, unexpired orders, and their tickets in the
 * slot `spanId`. Counted through orders_open_by_client_idx, one lookup per client, so it costs the same
 * with ten or ten thousand open holds (a filter on `client_key = ANY(...)` let the planner, misled by
 * expiry statistics that never cover fresh holds, scan every open hold instead: milliseconds per batch
 * at a sales opening).
 */
const openHoldingsSql = (clientKey: string, siteCode: string, spanId: string) => `
  SELECT count(*)::int AS orders,
         COALESCE(sum(o.quantity) FILTER (WHERE o.time_span_id = ${spanId}), 0)::int AS tickets
  FROM orders o
  WHERE o.client_key = ${clientKey} AND o.site_code = ${siteCode}
    AND o.status IN ('holding', 'ready_checkout') AND o.client_key IS NOT NULL AND o.expires_at > now()`;

/**
 * The span's stock and, for the hold caps, what each capped client of the batch ($2) holds now on the
 * span's site (an empty $2 costs nothing). Read with the stock, so the caps add no round trip.
 */
const SPAN_STATE = `SELECT t.product_id, t.capacity, t.held, t.sold, t.on_sale,
                           ${slotBeforeSaleCutoffSql('t', 'p')} AS before_cutoff,
                           (SELECT COALESCE(json_agg(h), '[]') FROM (
                              SELECT k.client_key, c.orders, c.tickets
                              FROM unnest($2::text[]) AS k(client_key)
                              CROSS JOIN LATERAL (${openHoldingsSql('k.client_key', 'p.site_code', 't.id')}) c
                              WHERE c.orders > 0) h) AS holdings
                    FROM time_spans t JOIN products p ON p.id = t.product_id WHERE t.id = $1`;

/** The slot and what the batch's capped clients hold; `lock` takes the span's row lock (inside a transaction). */
export async function readSpanState(
  client: Pick<PoolClient, 'query'>,
  spanId: number,
  capKeys: string[],
  { lock }: { lock: boolean },
): Promise<SpanState | undefined> {
  const { rows } = await client.query<SpanState>(lock ? `${SPAN_STATE} FOR UPDATE OF t` : SPAN_STATE, [
    spanId,
    capKeys,
  ]);
  return rows[0];
}

/** What one capped client of a batch adds (orders, tickets) and may hold at most; null: no cap. */
export interface CapGuard {
  clientKey: string;
  orders: number;
  tickets: number;
  maxOrders: number | null;
  maxTickets: number | null;
}

/**
 * One statement: take the stock, insert the orders, their lines and set products. The stock is taken
 * only while the slot has the seats (so it cannot oversell even if the lock were missing), is on sale
 * and before its cut-off, and while no client of `caps` would go past its caps (a null cap never does);
 * otherwise nothing is written. Data-modifying CTEs all run, so a failure anywhere fails the whole
 * statement.
 */
export async function insertHeldOrders(
  client: Pick<PoolClient, 'query'>,
  spanId: number,
  accepted: { token: string; request: HoldRequest }[],
  caps: CapGuard[],
): Promise<HeldRow[]> {
  const total = accepted.reduce((sum, p) => sum + p.request.quantity, 0);
  const orders = accepted.map((p) => ({ token: p.token, ...p.request }));
  const lines = orders.flatMap((o) => o.lines.map((l) => ({ token: o.token, ...l })));
  const sets = orders.flatMap((o) => o.setProducts.map((s) => ({ token: o.token, ...s })));
  const { rows } = await client.query<HeldRow>(
    `WITH taken AS (
       UPDATE time_spans t SET held = t.held + $2
       FROM products p
       WHERE t.id = $1 AND p.id = t.product_id AND t.capacity - t.held - t.sold >= $2
         AND t.on_sale AND ${slotBeforeSaleCutoffSql('t', 'p')}
         AND NOT EXISTS (
           SELECT 1
           FROM unnest($20::text[], $21::int[], $22::int[], $23::int[], $24::int[])
                AS k(client_key, orders, tickets, max_orders, max_tickets)
           CROSS JOIN LATERAL (${openHoldingsSql('k.client_key', 'p.site_code', 't.id')}) c
           WHERE c.orders + k.orders > k.max_orders OR c.tickets + k.tickets > k.max_tickets)
       RETURNING t.id, t.capacity - t.held - t.sold AS remaining
     ), new_orders AS (
       INSERT INTO orders (order_token, site_code, channel, status, lang, product_id, time_span_id,
                           quantity, price, expires_at, client_key)
       SELECT u.token, u.site, u.channel, 'holding', u.lang, u.product_id, $1, u.quantity, u.price,
              now() + make_interval(mins => u.hold_minutes), u.client_key
       FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::int[], $9::bigint[],
                   $10::int[], $19::text[])
            AS u(token, site, channel, lang, product_id, quantity, price, hold_minutes, client_key)
       WHERE EXISTS (SELECT 1 FROM taken)
       RETURNING id, order_token, expires_at
     ), new_events AS (
       -- The order's first event (ADR 011): created holding by the hold.
       INSERT INTO order_events (order_id, from_status, to_status, reason)
       SELECT id, NULL, 'holding', 'hold' FROM new_orders
     ), new_lines AS (
       INSERT INTO order_lines (order_id, option_value_id, quantity, unit_price)
       SELECT o.id, l.option_value_id, l.quantity, l.unit_price
       FROM unnest($11::text[], $12::int[], $13::int[], $14::bigint[])
            AS l(token, option_value_id, quantity, unit_price)
       JOIN new_orders o ON o.order_token = l.token
     ), new_sets AS (
       INSERT INTO order_set_products (order_id, set_product_id, quantity, unit_price)
       SELECT o.id, s.set_product_id, s.quantity, s.unit_price
       FROM unnest($15::text[], $16::int[], $17::int[], $18::bigint[])
            AS s(token, set_product_id, quantity, unit_price)
       JOIN new_orders o ON o.order_token = s.token
     )
     SELECT order_token, expires_at, (SELECT remaining FROM taken) AS remaining FROM new_orders`,
    [
      spanId,
      total,
      orders.map((o) => o.token),
      orders.map((o) => o.siteCode),
      orders.map((o) => o.channel),
      orders.map((o) => o.lang),
      orders.map((o) => o.productId),
      orders.map((o) => o.quantity),
      orders.map((o) => o.price),
      orders.map((o) => o.holdMinutes),
      lines.map((l) => l.token),
      lines.map((l) => l.optionValueId),
      lines.map((l) => l.quantity),
      lines.map((l) => l.unitPrice),
      sets.map((s) => s.token),
      sets.map((s) => s.setProductId),
      sets.map((s) => s.quantity),
      sets.map((s) => s.unitPrice),
      orders.map((o) => o.clientKey),
      caps.map((c) => c.clientKey),
      caps.map((c) => c.orders),
      caps.map((c) => c.tickets),
      caps.map((c) => c.maxOrders),
      caps.map((c) => c.maxTickets),
    ],
  );
  return rows;
}
