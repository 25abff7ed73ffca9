import type { PoolClient } from 'pg';
import type { PoolRow } from '../../db/generated/rows.ts';
import { namedStatement } from '../../db/named-statement.ts';
import type { HoldRequest } from './hold-types.ts';
import { channelsBeforeCutoffSql, slotBeforeChannelCutoffSql } from './slot-sale.ts';

// The hold's two statements (ADR 007, ADR 039): the batch's read of the slot, and its one write.

/** A slot as the hold reads it. */
export type SpanState = Pick<
  PoolRow<'time_spans'>,
  'product_id' | 'capacity' | 'held' | 'sold' | 'allotted' | 'on_sale'
> & {
  /** The channels whose sale cut-off the slot has not passed (ADR 009, 080). */
  open_channels: string[];
  /** The product is published (a draft or retired one sells nothing, ADR 068). */
  published: boolean;
  /** What the batch's capped clients and addresses hold now on the span's site. */
  holdings: Holding[];
};

/**
 * What one capped key holds: a client's (`orders.client_key`: a visitor, or an address's cookieless share)
 * or a whole address's (`orders.address_key`, ADR 094). Open orders on the site, tickets in this slot.
 */
export interface Holding {
  kind: CapKind;
  key: string;
  orders: number;
  tickets: number;
}

/** Which column a cap counts by: `client` (client_key) or `address` (address_key). */
export type CapKind = 'client' | 'address';

/** The batch's distinct capped keys of each kind. */
export interface CapKeys {
  client: string[];
  address: string[];
}

/** One order the write inserted. */
export type HeldRow = Pick<PoolRow<'orders'>, 'order_token' | 'expires_at'> & {
  /** The slot's free seats right after this statement's update. */
  remaining: number;
};

/**
 * What one client or address (`key`, in `column`) holds now on a site: its open, unexpired orders, and their
 * tickets in the slot `spanId`. Counted through orders_open_by_client_idx (orders_open_by_address_idx), one
 * lookup per key, so it costs the same with ten or ten thousand open holds. The site and the expiry are
 * aggregate filters, not scan conditions, so that index is the only one the scan can use: as conditions they
 * matched orders_site_created_idx and orders_hold_expiry_idx too, and a plan made while `orders` was small or
 * never analysed (a generic plan of this named statement is kept for the connection's life) read every order
 * of the site for every key: 70,000 buffers and tens of milliseconds per batch, under the slot's row lock.
 */
const openHoldingsSql = (
  column: 'client_key' | 'address_key',
  key: string,
  siteCode: string,
  spanId: string,
) => {
  const open = `o.site_code = ${siteCode} AND o.expires_at > now()`;
  return `
  SELECT count(*) FILTER (WHERE ${open})::int AS orders,
         COALESCE(sum(o.quantity) FILTER (WHERE ${open} AND o.time_span_id = ${spanId}), 0)::int AS tickets
  FROM orders o
  WHERE o.${column} = ${key} AND o.status IN ('holding', 'ready_checkout') AND o.${column} IS NOT NULL`;
};

/**
 * The span's stock and, for the hold caps, what each capped client and address of the batch holds now on
 * the span's site (empty lists cost nothing). Read with the stock, so the caps add no round trip.
 */
const spanStateSql = (lock: boolean) =>
  namedStatement<{
    spanId: PoolRow<'time_spans'>['id'];
    clientKeys: string[];
    addressKeys: string[];
  }>(
    (v) => `SELECT t.product_id, t.capacity, t.held, t.sold, t.allotted, t.on_sale,
                   ${channelsBeforeCutoffSql('t', 'p')} AS open_channels, p.status = 'published' AS published,
                   (SELECT COALESCE(json_agg(h), '[]') FROM (
                      SELECT 'client' AS kind, k.key, c.orders, c.tickets
                      FROM unnest(${v.clientKeys}::text[]) AS k(key)
                      CROSS JOIN LATERAL (${openHoldingsSql('client_key', 'k.key', 'p.site_code', 't.id')}) c
                      WHERE c.orders > 0
                      UNION ALL
                      SELECT 'address' AS kind, k.key, c.orders, c.tickets
                      FROM unnest(${v.addressKeys}::text[]) AS k(key)
                      CROSS JOIN LATERAL (${openHoldingsSql('address_key', 'k.key', 'p.site_code', 't.id')}) c
                      WHERE c.orders > 0) h) AS holdings
            FROM time_spans t JOIN products p ON p.id = t.product_id WHERE t.id = ${v.spanId}${lock ? ' FOR UPDATE OF t' : ''}`,
  );
const SPAN_STATE = spanStateSql(false);
const SPAN_STATE_LOCKED = spanStateSql(true);

/** The slot and what the batch's capped keys hold; `lock` takes the span's row lock (inside a transaction). */
export async function readSpanState(
  client: Pick<PoolClient, 'query'>,
  spanId: number,
  capKeys: CapKeys,
  { lock }: { lock: boolean },
): Promise<SpanState | undefined> {
  const statement = lock ? SPAN_STATE_LOCKED : SPAN_STATE;
  const { rows } = await client.query<SpanState>(
    statement.text,
    statement.values({ spanId, clientKeys: capKeys.client, addressKeys: capKeys.address }),
  );
  return rows[0];
}

/** What one capped client or address of a batch adds (orders, tickets) and may hold at most; null: no cap. */
export interface CapGuard {
  kind: CapKind;
  key: string;
  orders: number;
  tickets: number;
  maxOrders: number | null;
  maxTickets: number | null;
}

type Orders = PoolRow<'orders'>;
type OrderLines = PoolRow<'order_lines'>;
type OrderSetProducts = PoolRow<'order_set_products'>;

/** The write's values: the span, the seats it takes, and the orders, lines, set products and caps as columns. */
interface HeldOrderValues extends Record<string, unknown> {
  spanId: PoolRow<'time_spans'>['id'];
  seats: number;
  /** Of `seats`, how many come from the slot's allotted seats (a partner's allotment, ADR 089); else 0. */
  fromAllotted: number;
  orderTokens: Orders['order_token'][];
  orderSites: Orders['site_code'][];
  orderChannels: Orders['channel'][];
  orderLangs: Orders['lang'][];
  orderProducts: Orders['product_id'][];
  orderQuantities: Orders['quantity'][];
  orderPrices: Orders['price'][];
  orderHoldMinutes: number[];
  orderClientKeys: Orders['client_key'][];
  orderAddressKeys: Orders['address_key'][];
  lineTokens: Orders['order_token'][];
  lineOptionValues: OrderLines['option_value_id'][];
  lineQuantities: OrderLines['quantity'][];
  lineUnitPrices: OrderLines['unit_price'][];
  setTokens: Orders['order_token'][];
  setProducts: OrderSetProducts['set_product_id'][];
  setQuantities: OrderSetProducts['quantity'][];
  setUnitPrices: OrderSetProducts['unit_price'][];
  capKeys: string[];
  capOrders: number[];
  capTickets: number[];
  capMaxOrders: (number | null)[];
  capMaxTickets: (number | null)[];
  ceilingKeys: string[];
  ceilingOrders: number[];
  ceilingTickets: number[];
  ceilingMaxOrders: (number | null)[];
  ceilingMaxTickets: (number | null)[];
}

const INSERT_HELD_ORDERS = namedStatement<HeldOrderValues>(
  (v) => `WITH taken AS (
       UPDATE time_spans t SET held = t.held + ${v.seats}, allotted = t.allotted - ${v.fromAllotted}
       FROM products p
       WHERE t.id = ${v.spanId} AND p.id = t.product_id AND t.allotted >= ${v.fromAllotted}
         AND t.capacity - t.held - t.sold - t.allotted >= ${v.seats} - ${v.fromAllotted}
         AND t.on_sale AND p.status = 'published'
         AND NOT EXISTS (SELECT 1 FROM unnest(${v.orderChannels}::text[]) AS c(channel)
                         WHERE NOT ${slotBeforeChannelCutoffSql('t', 'p', 'c.channel')})
         AND NOT EXISTS (
           SELECT 1
           FROM unnest(${v.capKeys}::text[], ${v.capOrders}::int[], ${v.capTickets}::int[],
                       ${v.capMaxOrders}::int[], ${v.capMaxTickets}::int[])
                AS k(client_key, orders, tickets, max_orders, max_tickets)
           CROSS JOIN LATERAL (${openHoldingsSql('client_key', 'k.client_key', 'p.site_code', 't.id')}) c
           WHERE c.orders + k.orders > k.max_orders OR c.tickets + k.tickets > k.max_tickets)
         AND NOT EXISTS (
           SELECT 1
           FROM unnest(${v.ceilingKeys}::text[], ${v.ceilingOrders}::int[], ${v.ceilingTickets}::int[],
                       ${v.ceilingMaxOrders}::int[], ${v.ceilingMaxTickets}::int[])
                AS k(address_key, orders, tickets, max_orders, max_tickets)
           CROSS JOIN LATERAL (${openHoldingsSql('address_key', 'k.address_key', 'p.site_code', 't.id')}) c
           WHERE c.orders + k.orders > k.max_orders OR c.tickets + k.tickets > k.max_tickets)
       RETURNING t.id, t.capacity - t.held - t.sold - t.allotted AS remaining
     ), new_orders AS (
       INSERT INTO orders (order_token, site_code, channel, status, lang, product_id, time_span_id,
                           quantity, price, expires_at, client_key, address_key)
       SELECT u.token, u.site, u.channel, 'holding', u.lang, u.product_id, ${v.spanId}, u.quantity, u.price,
              now() + make_interval(mins => u.hold_minutes), u.client_key, u.address_key
       FROM unnest(${v.orderTokens}::text[], ${v.orderSites}::text[], ${v.orderChannels}::text[],
                   ${v.orderLangs}::text[], ${v.orderProducts}::int[], ${v.orderQuantities}::int[],
                   ${v.orderPrices}::bigint[], ${v.orderHoldMinutes}::int[], ${v.orderClientKeys}::text[],
                   ${v.orderAddressKeys}::text[])
            AS u(token, site, channel, lang, product_id, quantity, price, hold_minutes, client_key, address_key)
       WHERE EXISTS (SELECT 1 FROM taken)
       RETURNING id, order_token, expires_at
     ), new_events AS (
       -- The order's first event (ADR 011): created holding by the hold ('hold': ORDER_TRANSITION_REASONS).
       INSERT INTO order_events (order_id, from_status, to_status, reason)
       SELECT id, NULL, 'holding', 'hold' FROM new_orders
     ), new_lines AS (
       INSERT INTO order_lines (order_id, option_value_id, quantity, unit_price)
       SELECT o.id, l.option_value_id, l.quantity, l.unit_price
       FROM unnest(${v.lineTokens}::text[], ${v.lineOptionValues}::int[], ${v.lineQuantities}::int[],
                   ${v.lineUnitPrices}::bigint[])
            AS l(token, option_value_id, quantity, unit_price)
       JOIN new_orders o ON o.order_token = l.token
     ), new_sets AS (
       INSERT INTO order_set_products (order_id, set_product_id, quantity, unit_price)
       SELECT o.id, s.set_product_id, s.quantity, s.unit_price
       FROM unnest(${v.setTokens}::text[], ${v.setProducts}::int[], ${v.setQuantities}::int[],
                   ${v.setUnitPrices}::bigint[])
            AS s(token, set_product_id, quantity, unit_price)
       JOIN new_orders o ON o.order_token = s.token
     )
     SELECT order_token, expires_at, (SELECT remaining FROM taken) AS remaining FROM new_orders`,
);

/**
 * One statement: take the stock, insert the orders, their lines and set products. The stock is taken
 * only while the slot has the seats (free seats exclude those allotted to partners, ADR 089; `fromAllotted`
 * of them may come from the allotted ones instead) (so it cannot oversell even if the lock were missing), is on sale
 * and before each order's channel's cut-off, its product is published (whatever a product cache still says), and while no
 * client or address of `caps` would go past its caps (a null cap never does); otherwise nothing is written.
 * Data-modifying CTEs all run, so a failure anywhere fails the whole statement.
 */
export async function insertHeldOrders(
  client: Pick<PoolClient, 'query'>,
  spanId: number,
  accepted: { token: string; request: HoldRequest }[],
  caps: CapGuard[],
  /** Seats taken from the slot's allotted ones (hold-allotted-stock.ts); the web's holds take none. */
  fromAllotted = 0,
): Promise<HeldRow[]> {
  const orders = accepted.map((p) => ({ token: p.token, ...p.request }));
  const lines = orders.flatMap((o) => o.lines.map((l) => ({ token: o.token, ...l })));
  const sets = orders.flatMap((o) => o.setProducts.map((s) => ({ token: o.token, ...s })));
  const clientCaps = caps.filter((c) => c.kind === 'client');
  const addressCaps = caps.filter((c) => c.kind === 'address');
  const { rows } = await client.query<HeldRow>(
    INSERT_HELD_ORDERS.text,
    INSERT_HELD_ORDERS.values({
      spanId,
      seats: orders.reduce((sum, o) => sum + o.quantity, 0),
      fromAllotted,
      orderTokens: orders.map((o) => o.token),
      orderSites: orders.map((o) => o.siteCode),
      orderChannels: orders.map((o) => o.channel),
      orderLangs: orders.map((o) => o.lang),
      orderProducts: orders.map((o) => o.productId),
      orderQuantities: orders.map((o) => o.quantity),
      orderPrices: orders.map((o) => o.price),
      orderHoldMinutes: orders.map((o) => o.holdMinutes),
      orderClientKeys: orders.map((o) => o.clientKey),
      orderAddressKeys: orders.map((o) => o.addressKey),
      lineTokens: lines.map((l) => l.token),
      lineOptionValues: lines.map((l) => l.optionValueId),
      lineQuantities: lines.map((l) => l.quantity),
      lineUnitPrices: lines.map((l) => l.unitPrice),
      setTokens: sets.map((s) => s.token),
      setProducts: sets.map((s) => s.setProductId),
      setQuantities: sets.map((s) => s.quantity),
      setUnitPrices: sets.map((s) => s.unitPrice),
      capKeys: clientCaps.map((c) => c.key),
      capOrders: clientCaps.map((c) => c.orders),
      capTickets: clientCaps.map((c) => c.tickets),
      capMaxOrders: clientCaps.map((c) => c.maxOrders),
      capMaxTickets: clientCaps.map((c) => c.maxTickets),
      ceilingKeys: addressCaps.map((c) => c.key),
      ceilingOrders: addressCaps.map((c) => c.orders),
      ceilingTickets: addressCaps.map((c) => c.tickets),
      ceilingMaxOrders: addressCaps.map((c) => c.maxOrders),
      ceilingMaxTickets: addressCaps.map((c) => c.maxTickets),
    }),
  );
  return rows;
}
