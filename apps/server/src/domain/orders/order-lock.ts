import { sql, type SQL } from 'drizzle-orm';
import type { ErrorCode, OrderStatus, SalesChannel, SiteCode } from '@kippu/contract';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { isOpenStatus, isTimedOut, OPEN_STATUSES } from './order-state.ts';

/**
 * What an order is for (ADR 061): a sale of its channel ('web', 'spot'; the console's channels will be
 * more), or the temporary order of a change of date ('change', ADR 029), whatever its channel column says.
 * Decided here, in the query that finds the order, so no caller asks the time_changes table itself.
 */
export type OrderKind = SalesChannel | 'change';

/** The order row as the calls on one order need it. */
export interface FoundOrder {
  id: number;
  status: OrderStatus;
  channel: SalesChannel;
  kind: OrderKind;
  lang: string;
  productId: number;
  quantity: number;
  price: number;
  expiresAt: Date;
  /** The hold ran out by the database's clock (expires_at <= now()). */
  lapsed: boolean;
  /** The slot's start as a Tokyo calendar date, 'YYYY-MM-DD'. */
  visitDate: string;
  memberId: number | null;
}

type OrderRow = {
  id: string;
  status: OrderStatus;
  channel: SalesChannel;
  kind: OrderKind;
  lang: string;
  product_id: string;
  quantity: number;
  price: string;
  expires_at: string | Date;
  lapsed: boolean;
  visit_date: string;
  member_id: string | null;
};

function toOrder(row: OrderRow): FoundOrder {
  return {
    id: Number(row.id),
    status: row.status,
    channel: row.channel,
    kind: row.kind,
    lang: row.lang,
    productId: Number(row.product_id),
    quantity: row.quantity,
    price: Number(row.price),
    expiresAt: new Date(row.expires_at),
    lapsed: row.lapsed,
    visitDate: row.visit_date,
    memberId: row.member_id === null ? null : Number(row.member_id),
  };
}

/**
 * A change of date writes its time_changes row before the order's token leaves the server, so the row is
 * there for every call that names the order (ADR 029). Read without a lock on time_changes: the top-up
 * locks the change before the order, and locking it here would invert that order.
 *
 * The kind of the order row `o` in SQL, for a read model that lists orders (the callback answers' flow,
 * ADR 059): the same rule as FoundOrder.kind, written once.
 */
export function orderKindSql(order: SQL): SQL {
  return sql`CASE WHEN EXISTS (SELECT 1 FROM time_changes c WHERE c.order_id = ${order}.id) THEN 'change'
                  ELSE ${order}.channel END`;
}

function selectOrder(where: SQL, lock: boolean) {
  return sql`
    SELECT o.id, o.status, o.channel, o.lang, o.product_id, o.quantity, o.price, o.expires_at,
           o.expires_at <= now() AS lapsed, o.member_id,
           ${orderKindSql(sql.raw('o'))} AS kind,
           to_char(t.starts_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD') AS visit_date
    FROM orders o JOIN time_spans t ON t.id = o.time_span_id
    WHERE ${where}
    ${lock ? sql`FOR UPDATE OF o` : sql``}`;
}

const byToken = (site: string, orderToken: string) =>
  sql`o.order_token = ${orderToken} AND o.site_code = ${site}`;

/**
 * The order of a token on this site, row-locked for the rest of the transaction (the one order lock:
 * coupons of one order are checked against each other one at a time, a checkout starts once, ADR 008,
 * 061). Undefined for an unknown token.
 */
export async function lockOrder(tx: Tx, site: string, orderToken: string): Promise<FoundOrder | undefined> {
  const { rows } = await tx.execute<OrderRow>(selectOrder(byToken(site, orderToken), true));
  return rows[0] ? toOrder(rows[0]) : undefined;
}

/**
 * The order of this id, row-locked like lockOrder: for a module that reached the order through its own
 * row (a change of date's top-up locks the change first, then its order, ADR 029). Undefined for no such order.
 */
export async function lockOrderById(tx: Tx, orderId: number): Promise<FoundOrder | undefined> {
  const { rows } = await tx.execute<OrderRow>(selectOrder(sql`o.id = ${orderId}`, true));
  return rows[0] ? toOrder(rows[0]) : undefined;
}

/**
 * The `orders` argument of transitionOrders for one order by id, row-locked and only while it is open
 * (holding, ready_checkout): a visitor's cancel of a change of date's hold (ADR 029).
 */
export function lockedOpenOrderById(orderId: number): SQL {
  return sql`SELECT id FROM orders WHERE id = ${orderId} AND status = ANY(${sql.param([...OPEN_STATUSES])}::text[])
             FOR UPDATE`;
}

/** The order a mail-confirmation link names (ADR 020), as confirming it needs. */
export interface MailTokenOrder {
  orderId: number;
  orderToken: string;
  status: OrderStatus;
  /** The hold ran out by the database's clock. */
  lapsed: boolean;
  /** The address the link was sent to. */
  tokenEmail: string;
  /** The e-mail address in the order's customer info now, or null. */
  orderEmail: string | null;
}

/**
 * The order of a mail-confirmation token of this site, with the token: both rows locked in one statement
 * (the order, then its token). Undefined when the token is no mail-confirmation token of the site.
 */
export async function lockOrderWithMailToken(
  tx: Tx,
  site: string,
  token: string,
): Promise<MailTokenOrder | undefined> {
  const { rows } = await tx.execute<{
    order_id: string;
    order_token: string;
    status: OrderStatus;
    lapsed: boolean;
    email: string;
    order_email: string | null;
  }>(sql`
    SELECT o.id AS order_id, o.order_token, o.status, o.expires_at <= now() AS lapsed, m.email,
           (SELECT entry->>'value' FROM jsonb_array_elements(o.customer_info) entry
            WHERE entry->>'key' = 'email' LIMIT 1) AS order_email
    FROM mail_tokens m JOIN orders o ON o.id = m.order_id
    WHERE m.token = ${token} AND m.site_code = ${site}
    FOR UPDATE OF o, m`);
  const row = rows[0];
  if (!row) return undefined;
  return {
    orderId: Number(row.order_id),
    orderToken: row.order_token,
    status: row.status,
    lapsed: row.lapsed,
    tokenEmail: row.email,
    orderEmail: row.order_email,
  };
}

/** The same order without a lock, for a read that changes nothing. */
export async function findOrder(
  db: Pick<Db, 'execute'> | Tx,
  site: SiteCode,
  orderToken: string,
): Promise<FoundOrder | undefined> {
  const { rows } = await db.execute<OrderRow>(selectOrder(byToken(site, orderToken), false));
  return rows[0] ? toOrder(rows[0]) : undefined;
}

/** Which orders a call serves, and what the others answer (the spec's strings for that call). */
export interface WantedOrder {
  /** The kinds this call takes, e.g. ['web'] or ['web', 'spot']. */
  kinds: readonly OrderKind[];
  /**
   * What a change of date's order answers where it is not wanted: its discounts, holder and top-up were
   * fixed from the purchase when the change started (ADR 029, 040), so an ordinary order call would make
   * the order say or charge other than the change does. Another channel's order answers `invalid channel`.
   */
  changeRefusal: ErrorCode;
}

/**
 * Refuses an order of a kind the call does not serve: another channel's order (a change's too) answers
 * `invalid channel`, as the route's channel is checked first; a change of date's order on its own
 * channel's route answers the call's `changeRefusal`.
 */
export function requireKind(order: Pick<FoundOrder, 'kind' | 'channel'>, wanted: WantedOrder): void {
  if (wanted.kinds.includes(order.kind)) return;
  const ownChannel = wanted.kinds.includes(order.channel);
  throw new AppError(order.kind === 'change' && ownChannel ? wanted.changeRefusal : 'invalid_channel');
}

/**
 * The open order a visitor still shapes (coupons, membership, its mail confirmation) and its status
 * answers: unknown or cancelled `record not found`; expired, or its hold ran out before the sweeper got
 * to it, `session timeout`; no longer open `order not ready checkout`. Then the kind (requireKind).
 * `now`: the caller's clock for the hold's end (tests pass one); without it the database's.
 */
function checkOpen(order: FoundOrder | undefined, wanted: WantedOrder, now?: Date): FoundOrder {
  if (!order || order.status === 'cancelled') throw new AppError('record_not_found');
  const lapsed = now ? order.expiresAt <= now : order.lapsed;
  if (isTimedOut(order.status, lapsed)) throw new AppError('session_timeout');
  if (!isOpenStatus(order.status)) throw new AppError('order_not_ready_checkout');
  requireKind(order, wanted);
  return order;
}

/** The open order of a kind the call serves, row-locked (checkOpen's answers otherwise). */
export async function lockOpenOrder(
  tx: Tx,
  site: SiteCode,
  orderToken: string,
  wanted: WantedOrder,
  now?: Date,
): Promise<FoundOrder> {
  return checkOpen(await lockOrder(tx, site, orderToken), wanted, now);
}

/** The open order of a kind the call serves, read without a lock. */
export async function findOpenOrder(
  db: Pick<Db, 'execute'> | Tx,
  site: SiteCode,
  orderToken: string,
  wanted: WantedOrder,
): Promise<FoundOrder> {
  return checkOpen(await findOrder(db, site, orderToken), wanted);
}
