import { sql, type SQL } from 'drizzle-orm';
import type { LangCode, LocalizedText, ProductType, SiteCode } from '@kippu/contract';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { paymentMethodDiscountSql } from '../coupons/payment-method-coupons.ts';

/**
 * SQL condition: a ticket of the holder's reservation `reservationId` (or of a share of it, ADR 021) is void
 * or named by a refund that was not rejected (voided by it, or promised to one waiting for approval, ADR
 * 076). Such a purchase changes date no more (review finding 2): its order still counts every ticket
 * (`quantity`, its lines), so a change would hold and charge the refunded tickets in the new slot and give
 * the old slot's places back a second time. Read by changeableReservation and, under the old order's lock,
 * by the settling transaction before a change completes (claimPaidChange).
 */
export function refundTouchedSql(reservationId: SQL): SQL {
  return sql`EXISTS (
    SELECT 1 FROM tickets tk JOIN reservations tr ON tr.id = tk.reservation_id
    WHERE (tr.id = ${reservationId} OR tr.parent_reservation_id = ${reservationId})
      AND (tk.status = 'void'
           OR EXISTS (SELECT 1 FROM refund_tickets rt JOIN refunds f ON f.id = rt.refund_id
                      WHERE rt.ticket_id = tk.id AND f.status <> 'rejected')))`;
}

/** A purchase (the holder's reservation and its order) as a change of date sees it (ADR 029). */
export interface ChangeableReservation {
  id: number;
  siteCode: SiteCode;
  lang: LangCode;
  email: string;
  orderId: number;
  productId: number;
  productType: ProductType;
  productNames: LocalizedText;
  /** Products of the same site and group may be changed to; null: only this product's slots. */
  changeGroup: string | null;
  timeSpanId: number;
  startsAt: Date;
  endsAt: Date;
  quantity: number;
  /** Gross, and the member discount and the coupons on it (ADR 040). */
  price: number;
  membershipDiscount: number;
  couponDiscount: number;
  /** A member promotion discounted it, at this percentage (null: discounted before migration 0680). */
  memberPromoted: boolean;
  membershipPercent: number | null;
  /** The last moment a change may be asked: the slot's start minus the product's notice. */
  changeUntil: Date;
  /** A coupon bound to payment methods discounted it (ADR 103): it cannot change date. */
  paymentMethodDiscount: boolean;
  /**
   * The product's rules, the deadline, the purchase's status and its tickets allow a change: none used,
   * none refunded or waiting for a refund's approval (refundTouchedSql), and no payment-method discount.
   */
  changeable: boolean;
}

type Row = {
  id: number;
  site_code: SiteCode;
  lang: LangCode;
  email: string;
  order_id: number;
  product_id: number;
  product_type: ProductType;
  product_names: LocalizedText;
  date_change_group: string | null;
  time_span_id: number;
  starts_at: string;
  ends_at: string;
  quantity: number;
  price: number;
  membership_discount: number;
  membership_discount_percent: number | null;
  promoted: boolean;
  coupon_discount: number;
  change_until: string;
  payment_method_discount: boolean;
  changeable: boolean;
};

/**
 * The holder's reservation by its token (never a shared child: the purchase changes as a whole). `lock`
 * takes the reservation's row lock, so the checks and what follows see no concurrent change or split.
 * Unknown token: `record not found`.
 */
export async function changeableReservation(
  executor: Pick<Db, 'execute'> | Tx,
  site: SiteCode,
  token: string,
  lock = false,
): Promise<ChangeableReservation> {
  if (lock) {
    await executor.execute(sql`
      SELECT id FROM reservations
      WHERE reservation_token = ${token} AND site_code = ${site} AND parent_reservation_id IS NULL
      FOR UPDATE`);
  }
  const { rows } = await executor.execute<Row>(sql`
    SELECT r.id, r.site_code, r.lang, r.email, o.id AS order_id, p.id AS product_id, p.product_type,
           p.names AS product_names, p.date_change_group, t.id AS time_span_id, t.starts_at, t.ends_at,
           o.quantity, o.price, o.membership_discount, o.membership_discount_percent,
           o.membership_promotion_names IS NOT NULL AS promoted,
           COALESCE((SELECT sum(discount) FROM order_coupons WHERE order_id = o.id), 0) AS coupon_discount,
           t.starts_at - make_interval(mins => p.date_change_until_minutes) AS change_until,
           ${paymentMethodDiscountSql(sql`o.id`)} AS payment_method_discount,
           (r.status = 'reserved' AND o.status = 'reserved' AND p.date_changeable
            AND t.starts_at - make_interval(mins => p.date_change_until_minutes) > now()
            AND NOT EXISTS (SELECT 1 FROM tickets tk JOIN reservations tr ON tr.id = tk.reservation_id
                            WHERE (tr.id = r.id OR tr.parent_reservation_id = r.id) AND tk.status = 'used')
            AND NOT ${refundTouchedSql(sql`r.id`)}
            AND NOT ${paymentMethodDiscountSql(sql`o.id`)})
             AS changeable
    FROM reservations r
    JOIN orders o ON o.id = r.order_id
    JOIN products p ON p.id = o.product_id
    JOIN time_spans t ON t.id = o.time_span_id
    WHERE r.reservation_token = ${token} AND r.site_code = ${site} AND r.parent_reservation_id IS NULL`);
  const row = rows[0];
  if (!row) throw new AppError('record_not_found');
  return {
    id: Number(row.id),
    siteCode: row.site_code,
    lang: row.lang,
    email: row.email,
    orderId: Number(row.order_id),
    productId: Number(row.product_id),
    productType: row.product_type,
    productNames: row.product_names,
    changeGroup: row.date_change_group,
    timeSpanId: Number(row.time_span_id),
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    quantity: row.quantity,
    price: Number(row.price),
    membershipDiscount: Number(row.membership_discount),
    couponDiscount: Number(row.coupon_discount),
    memberPromoted: row.promoted,
    membershipPercent: row.membership_discount_percent,
    changeUntil: new Date(row.change_until),
    paymentMethodDiscount: row.payment_method_discount,
    changeable: row.changeable,
  };
}

/** Whether the ticket page offers "Change date" for this reservation token (false for unknown tokens). */
export async function dateChangeOffered(db: Db, site: SiteCode, token: string): Promise<boolean> {
  try {
    return (await changeableReservation(db, site, token)).changeable;
  } catch {
    return false;
  }
}
