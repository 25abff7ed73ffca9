import { sql, type SQL } from 'drizzle-orm';
import type { LangCode } from '@kippu/contract';
import type { Db, Tx } from '../../db/client.ts';
import { orderKindSql, type OrderKind } from './order-lock.ts';

/**
 * The reads and writes of one order row that other modules ask for (ADR 061): they call these rather than
 * name the orders table, so its columns change here.
 */

/** The order's id by its token (the hold just created it, so it exists). */
export async function orderIdByToken(tx: Tx, orderToken: string): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(
    sql`SELECT id FROM orders WHERE order_token = ${orderToken}`,
  );
  return Number(rows[0]!.id);
}

/** The order's product. */
export async function productOfOrder(tx: Tx, orderId: number): Promise<number> {
  const { rows } = await tx.execute<{ product_id: number }>(
    sql`SELECT product_id FROM orders WHERE id = ${orderId}`,
  );
  return Number(rows[0]!.product_id);
}

/** The customer's e-mail address in the order's customer info, or null. */
export async function orderEmail(tx: Pick<Db, 'execute'> | Tx, orderId: number): Promise<string | null> {
  const { rows } = await tx.execute<{ email: string | null }>(sql`
    SELECT (SELECT entry->>'value' FROM jsonb_array_elements(customer_info) entry
            WHERE entry->>'key' = 'email' LIMIT 1) AS email
    FROM orders WHERE id = ${orderId}`);
  return rows[0]?.email ?? null;
}

/**
 * What a paid order's reservation takes (the visitor's language, the e-mail address of the order form) and
 * the order's kind (order-lock.ts), read together when a payment settles. Not locked: none of them changes
 * once the order is paying. Undefined for no such order.
 */
export async function orderForReservation(
  tx: Tx,
  orderId: number,
): Promise<{ kind: OrderKind; lang: LangCode; email: string | null } | undefined> {
  const { rows } = await tx.execute<{ kind: OrderKind; lang: LangCode; email: string | null }>(sql`
    SELECT o.lang, ${orderKindSql(sql.raw('o'))} AS kind,
           (SELECT field ->> 'value' FROM jsonb_array_elements(o.customer_info) AS field
            WHERE field ->> 'key' = 'email' LIMIT 1) AS email
    FROM orders o WHERE o.id = ${orderId}`);
  return rows[0];
}

/**
 * Flags orders for staff (ADR 026): their money needs a person (charged and not booked, a refund refused,
 * a payment the gateway never resolved). `orders` selects their ids. The first reason stays unless
 * `replace`; the first time stays always. The statement, for a caller that runs it in its own (a CTE).
 */
export function flagForStaffSql(orders: SQL, reason: string, replace = false): SQL {
  return sql`
    UPDATE orders SET staff_attention_reason = ${replace ? sql`${reason}` : sql`COALESCE(staff_attention_reason, ${reason})`},
                      staff_attention_at = COALESCE(staff_attention_at, now())
    WHERE id IN (${orders})
    RETURNING id`;
}

/** flagForStaffSql run on its own; answers how many orders it flagged. */
export async function flagForStaff(tx: Tx, orders: SQL, reason: string, replace = false): Promise<number> {
  const { rows } = await tx.execute(flagForStaffSql(orders, reason, replace));
  return rows.length;
}

/** Ties the member to the order with the promotion's discount fixed at login (ADR 032, 040). */
export async function setOrderMember(
  tx: Tx,
  orderId: number,
  member: { id: number; discount: number; promotionNames: unknown; percent: number | null },
): Promise<void> {
  await tx.execute(sql`
    UPDATE orders SET member_id = ${member.id},
           membership_discount = ${member.discount},
           membership_promotion_names = ${member.promotionNames === null ? null : JSON.stringify(member.promotionNames)}::jsonb,
           membership_discount_percent = ${member.percent}::int,
           updated_at = now()
    WHERE id = ${orderId}`);
}

/**
 * The holder's details (customer info) of one order copied to another: a change's order takes the purchase's,
 * and with them the mark of their erasure (ADR 122), so the purchase still reads as erased. The source is read
 * `FOR SHARE`: an erasure under way (it locks the purchase's orders `FOR UPDATE`) is waited for and its result
 * copied, and one that starts meanwhile waits for this transaction, then finds its change pending and refuses.
 */
export async function copyCustomerInfo(tx: Tx, fromOrderId: number, toOrderId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE orders o SET customer_info = f.customer_info, personal_data_erased_at = f.personal_data_erased_at
    FROM (SELECT customer_info, personal_data_erased_at FROM orders WHERE id = ${fromOrderId} FOR SHARE) f
    WHERE o.id = ${toOrderId}`);
}

/**
 * The member an order was bought as, key-share locked: taken first in a transaction that goes on to lock or
 * write that member's orders (a change of date copies the purchase and its member), in the order the member
 * erasure takes them (the member, then their orders; ADR 124), so the two wait for each other instead of
 * deadlocking. No row when the order has no member, or their erasure committed first.
 */
export async function lockOrderMember(tx: Tx, orderId: number): Promise<void> {
  await tx.execute(sql`
    SELECT m.id FROM orders o JOIN members m ON m.id = o.member_id WHERE o.id = ${orderId} FOR KEY SHARE OF m`);
}

/**
 * One order's member and promotion copied to another, at `discount` (a change of date's order carries the
 * purchase's member terms, its discount recomputed on the new prices; ADR 040).
 */
export async function copyMemberTerms(
  tx: Tx,
  fromOrderId: number,
  toOrderId: number,
  discount: number,
): Promise<void> {
  await tx.execute(sql`
    UPDATE orders SET member_id = o.member_id, membership_promotion_names = o.membership_promotion_names,
                      membership_discount_percent = o.membership_discount_percent,
                      membership_discount = ${discount}
    FROM orders o WHERE o.id = ${fromOrderId} AND orders.id = ${toOrderId}`);
}

/** Sets the order's customer info to just this e-mail address (an invitation's order); answers its id. */
export async function setCustomerEmail(tx: Tx, orderToken: string, email: string): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    UPDATE orders SET customer_info = ${JSON.stringify([{ key: 'email', value: email }])}::jsonb,
                      updated_at = now()
    WHERE order_token = ${orderToken} RETURNING id`);
  return Number(rows[0]!.id);
}
