import type { Tx } from '../../db/client.ts';
import { memberDiscount } from '../membership/member-login.ts';
import { copyMemberTerms } from '../orders/order-row.ts';
import type { ChangeableReservation } from '../reservations/changeable-reservation.ts';

/**
 * The member discount a purchase carries to a new visit (ADR 040): its promotion's percentage, as fixed at
 * login, of the new visit's gross price, rounded down as at login. The purchase's own percentage, not the
 * site's promotion of today: a member moving to a slot of the same price then pays nothing, whatever the
 * site did to its promotion meanwhile. 0 for a purchase without a member promotion.
 */
export function carriedMemberDiscount(
  purchase: Pick<ChangeableReservation, 'memberPromoted' | 'membershipPercent' | 'membershipDiscount'>,
  grossPrice: number,
): number {
  if (!purchase.memberPromoted) return 0;
  if (purchase.membershipPercent !== null) return memberDiscount(grossPrice, purchase.membershipPercent);
  // No percentage on record (discounted before migration 0680 by a promotion since edited or dropped): the
  // amount it was given, at most the new price.
  return Math.min(purchase.membershipDiscount, grossPrice);
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
  await copyMemberTerms(tx, fromOrderId, toOrderId, discount);
}
