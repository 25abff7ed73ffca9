import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { payableAmount } from '../orders/payable-amount.ts';
import { carriedMemberDiscount } from './carried-member-discount.ts';
import type { ChangeableReservation } from '../reservations/changeable-reservation.ts';

/** The purchase's ticket types and add-ons at a target product's current prices (ADR 029). */
export interface RepricedOrder {
  lines: { optionValueId: number; quantity: number; unitPrice: number }[];
  setProducts: { setProductId: number; quantity: number; unitPrice: number }[];
  /** Gross: Σ price × quantity, as the new order records it. */
  price: number;
  /** The purchase's member discount on that price (ADR 040); 0 for a purchase without one. */
  membershipDiscount: number;
  /** The purchase's coupons: they move with it as the amounts they were given. */
  couponDiscount: number;
}

/** A purchase's prices as a change sees them, on its current visit or on one it may move to. */
export interface ChangePriced {
  price: number;
  membershipDiscount: number;
  couponDiscount: number;
}

/**
 * What a purchase costs its holder, as checkout charges it: the gross price less the member discount and
 * the coupons, never below zero. A change's old and new prices are these (ADR 040), so the top-up is never
 * more than the new visit's payable price and never charges for a discount the old visit could not use.
 */
export function payablePrice(priced: ChangePriced): number {
  return payableAmount(priced.price, priced.membershipDiscount + priced.couponDiscount);
}

/**
 * A ticket type matches across products by its key: the demo seed's `seed_key`, else its Japanese name
 * (an operator names "大人" the same on the day and the night product). One SQL expression, used by the
 * repricing here and by the tickets' move on completion.
 */
export const TICKET_TYPE_KEY = (alias: string) => `COALESCE(${alias}.seed_key, ${alias}.names ->> 'ja')`;

/**
 * The purchase's lines repriced for `productId` (the same product: today's prices; another of its group: the
 * matching ticket types' prices). Null when a ticket type has no match there or an add-on is not offered
 * with it: such a purchase cannot move to that product (`cannot change ticket`).
 */
export async function repricedOrder(
  executor: Pick<Db, 'execute'> | Tx,
  purchase: ChangeableReservation,
  productId: number,
): Promise<RepricedOrder | null> {
  const { orderId } = purchase;
  const { rows: lines } = await executor.execute<{
    quantity: number;
    to_id: number | null;
    price: number | null;
  }>(
    sql`
    SELECT l.quantity, nv.id AS to_id, nv.price
    FROM order_lines l
    JOIN option_values ov ON ov.id = l.option_value_id
    LEFT JOIN LATERAL (
      SELECT id, price FROM option_values nv
      WHERE nv.product_id = ${productId} AND ${sql.raw(TICKET_TYPE_KEY('nv'))} = ${sql.raw(TICKET_TYPE_KEY('ov'))}
      ORDER BY nv.position, nv.id LIMIT 1) nv ON true
    WHERE l.order_id = ${orderId}
    ORDER BY ov.position, ov.id`,
  );
  const { rows: sets } = await executor.execute<{
    set_product_id: number;
    quantity: number;
    price: number;
    offered: boolean;
  }>(sql`
    SELECT os.set_product_id, os.quantity, sp.price,
           EXISTS (SELECT 1 FROM set_product_links k
                   WHERE k.product_id = ${productId} AND k.set_product_id = os.set_product_id) AS offered
    FROM order_set_products os JOIN set_products sp ON sp.id = os.set_product_id
    WHERE os.order_id = ${orderId}`);
  if (lines.length === 0 || lines.some((line) => line.to_id === null) || sets.some((set) => !set.offered)) {
    return null;
  }
  const repriced: RepricedOrder = {
    lines: lines.map((line) => ({
      optionValueId: Number(line.to_id),
      quantity: line.quantity,
      unitPrice: Number(line.price),
    })),
    setProducts: sets.map((set) => ({
      setProductId: Number(set.set_product_id),
      quantity: set.quantity,
      unitPrice: Number(set.price),
    })),
    price: 0,
    membershipDiscount: 0,
    couponDiscount: purchase.couponDiscount,
  };
  repriced.price = [...repriced.lines, ...repriced.setProducts].reduce(
    (sum, line) => sum + line.unitPrice * line.quantity,
    0,
  );
  repriced.membershipDiscount = carriedMemberDiscount(purchase, repriced.price);
  return repriced;
}
