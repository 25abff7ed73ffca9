import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { memberDiscount } from '../membership/member-login.ts';

/**
 * The member discount a purchase carries to a new visit (ADR 040): its promotion's percentage, as fixed at
 * login, of the new visit's gross price, rounded down as at login. The purchase's own percentage, not the
 * site's promotion of today: a member moving to a slot of the same price then pays nothing, whatever the
 * site did to its promotion meanwhile. 0 for a purchase without a member promotion.
 */
export async function carriedMemberDiscount(
  executor: Pick<Db, 'execute'> | Tx,
  orderId: number,
  grossPrice: number,
): Promise<number> {
  const { rows } = await executor.execute<{ percent: number | null; discount: string; promoted: boolean }>(
    sql`SELECT membership_discount_percent AS percent, membership_discount AS discount,
               membership_promotion_names IS NOT NULL AS promoted
        FROM orders WHERE id = ${orderId}`,
  );
  const order = rows[0];
  if (!order?.promoted) return 0;
  if (order.percent !== null) return memberDiscount(grossPrice, order.percent);
  // No percentage on record (discounted before migration 0680 by a promotion since edited or dropped): the
  // amount it was given, at most the new price.
  return Math.min(Number(order.discount), grossPrice);
}

/**
 * The new order of a change belongs to the purchase's member with the purchase's promotion, discounted by
 * `discount` (what `carriedMemberDiscount` gave for its prices): the change's order, its checkout, the
 * reservation and the receipt then read the member price as for any member's order.
 */
export async function carryMemberTerms(
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
