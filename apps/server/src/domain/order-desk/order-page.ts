import { sql } from 'drizzle-orm';
import type { LocalizedText, OrderStatus } from '@kippu/contract';
import type { ConsoleOrder } from '@kippu/contract/console/orders-schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { orderPurchase } from './order-purchase.ts';
import { orderTimeline } from './order-timeline.ts';

const iso = (value: string | Date) => new Date(value).toISOString();
const isoOrNull = (value: string | Date | null) => (value === null ? null : iso(value));

type OrderRow = {
  id: number;
  site_code: string;
  status: OrderStatus;
  channel: string;
  partner_id: number | null;
  partner_name: string | null;
  lang: string;
  created_at: string;
  updated_at: string;
  time_span_id: number;
  quantity: number;
  price: number;
  membership_discount: number;
  customer_info: { key: string; value: string }[];
  personal_data_erased_at: string | null;
  product_names: LocalizedText;
  starts_at: string;
  ends_at: string;
  changed_from_order_id: number | null;
  changed_to_order_id: number | null;
};

/** The visitor's name, e-mail and phone from the order form's entries. */
export function visitorOf(info: { key: string; value: string }[]) {
  const value = (key: string) => info.find((entry) => entry.key === key)?.value ?? null;
  return { fullname: value('fullname'), email: value('email'), phone: value('phone') };
}

/**
 * GET /sites/:site/orders/:id (ADR 078): one order of `site` as the desk shows it: the visitor, the visit,
 * the tickets and where each stands at the gate, the purchase's payments, refunds, coupons and mails, and
 * its timeline. Another site's order answers `record not found`, as an unknown one does.
 */
export async function orderPage(db: Db, site: string, orderId: number): Promise<ConsoleOrder> {
  const purchase = await orderPurchase(db, site, orderId);
  if (!purchase) throw new AppError('record_not_found');
  const { rows } = await db.execute<OrderRow>(sql`
    SELECT o.id, o.site_code, o.status, o.channel, o.partner_id, pa.name AS partner_name, o.lang, o.created_at, o.updated_at, o.time_span_id, o.quantity,
           o.price, o.membership_discount, o.customer_info, o.personal_data_erased_at, p.names AS product_names, t.starts_at, t.ends_at,
           (SELECT from_order_id FROM time_changes WHERE order_id = o.id AND status = 'done') AS changed_from_order_id,
           (SELECT order_id FROM time_changes WHERE from_order_id = o.id AND status = 'done' LIMIT 1) AS changed_to_order_id
    FROM orders o JOIN products p ON p.id = o.product_id JOIN time_spans t ON t.id = o.time_span_id
    LEFT JOIN partners pa ON pa.id = o.partner_id
    WHERE o.id = ${orderId}`);
  const order = rows[0]!;
  const orderIds = sql.param(purchase.orderIds);

  const reservation = purchase.reservationId
    ? (
        await db.execute<{
          id: number;
          reservation_number: string;
          status: 'reserved' | 'cancelled' | 'refunded';
          created_at: string;
        }>(
          sql`SELECT id, reservation_number, status, created_at FROM reservations WHERE id = ${purchase.reservationId}`,
        )
      ).rows[0]!
    : null;

  const lines = await db.execute<{ names: LocalizedText; quantity: number; unit_price: number }>(sql`
    SELECT ov.names, l.quantity, l.unit_price FROM order_lines l JOIN option_values ov ON ov.id = l.option_value_id
    WHERE l.order_id = ${orderId}
    UNION ALL
    SELECT sp.names, os.quantity, os.unit_price FROM order_set_products os JOIN set_products sp ON sp.id = os.set_product_id
    WHERE os.order_id = ${orderId}`);

  const tickets = purchase.reservationId
    ? await db.execute<{
        id: number;
        sequence: number;
        names: LocalizedText;
        status: 'valid' | 'used' | 'void';
        checked_in_at: string | null;
        shared: boolean;
      }>(sql`
        SELECT tk.id, tk.sequence, ov.names, tk.status, tk.checked_in_at, r.parent_reservation_id IS NOT NULL AS shared
        FROM tickets tk JOIN reservations r ON r.id = tk.reservation_id JOIN option_values ov ON ov.id = tk.option_value_id
        WHERE r.id = ${purchase.reservationId} OR r.parent_reservation_id = ${purchase.reservationId}
        ORDER BY tk.sequence, tk.id`)
    : { rows: [] };

  const payments = await db.execute<{
    id: number;
    method: string;
    amount: number;
    status: string;
    payment_number: string;
    masked_card_number: string | null;
    created_at: string;
    confirmed_at: string | null;
  }>(sql`
    SELECT id, method, amount, status, payment_number, masked_card_number, created_at, confirmed_at FROM payments
    WHERE order_id = ANY(${orderIds}::bigint[]) ORDER BY id`);

  const refunds = purchase.reservationId
    ? await db.execute<{
        id: number;
        amount: number;
        status: string;
        reason: string;
        created_at: string;
        completed_at: string | null;
      }>(sql`
        SELECT id, amount, status, reason, created_at, completed_at FROM refunds
        WHERE reservation_id = ${purchase.reservationId} ORDER BY id`)
    : { rows: [] };

  // A change of date moves the coupons to the new order (ADR 029): the purchase's are on one of its orders.
  const coupons = await db.execute<{
    code: string;
    campaign: string;
    names: LocalizedText;
    discount: number;
  }>(sql`
    SELECT c.code, c.campaign, c.names, oc.discount FROM order_coupons oc JOIN coupons c ON c.id = oc.coupon_id
    WHERE oc.order_id = ANY(${orderIds}::bigint[]) ORDER BY oc.id`);

  const mails = reservation
    ? await db.execute<{
        id: number;
        kind: string;
        to_address: string;
        status: 'pending' | 'sent' | 'stored' | 'failed';
        created_at: string;
        sent_at: string | null;
        last_error: string | null;
      }>(sql`
        SELECT id, kind, to_address, status, created_at, sent_at, last_error FROM mail_outbox
        WHERE site_code = ${site} AND payload ? 'reservationNumber'
          AND payload ->> 'reservationNumber' = ${reservation.reservation_number}
        ORDER BY id DESC`)
    : { rows: [] };

  return {
    id: Number(order.id),
    site_code: order.site_code,
    status: order.status,
    channel: order.channel,
    partner_id: order.partner_id === null ? null : Number(order.partner_id),
    partner_name: order.partner_name,
    lang: order.lang,
    created_at: iso(order.created_at),
    updated_at: iso(order.updated_at),
    reservation: reservation && {
      id: Number(reservation.id),
      reservation_number: reservation.reservation_number,
      status: reservation.status,
      created_at: iso(reservation.created_at),
    },
    changed_from_order_id: order.changed_from_order_id === null ? null : Number(order.changed_from_order_id),
    changed_to_order_id: order.changed_to_order_id === null ? null : Number(order.changed_to_order_id),
    product_names: order.product_names,
    time_span_id: Number(order.time_span_id),
    starts_at: iso(order.starts_at),
    ends_at: iso(order.ends_at),
    quantity: Number(order.quantity),
    price: Number(order.price),
    membership_discount: Number(order.membership_discount),
    visitor: visitorOf(order.customer_info),
    personal_data_erased_at: isoOrNull(order.personal_data_erased_at),
    customer_info: order.customer_info,
    lines: lines.rows.map((l) => ({
      names: l.names,
      quantity: Number(l.quantity),
      unit_price: Number(l.unit_price),
    })),
    tickets: tickets.rows.map((t) => ({
      id: Number(t.id),
      sequence: Number(t.sequence),
      ticket_type_names: t.names,
      status: t.status,
      checked_in_at: isoOrNull(t.checked_in_at),
      shared: t.shared,
    })),
    payments: payments.rows.map((p) => ({
      id: Number(p.id),
      method: p.method,
      amount: Number(p.amount),
      status: p.status,
      payment_number: p.payment_number,
      masked_card_number: p.masked_card_number,
      created_at: iso(p.created_at),
      confirmed_at: isoOrNull(p.confirmed_at),
    })),
    refunds: refunds.rows.map((r) => ({
      id: Number(r.id),
      amount: Number(r.amount),
      status: r.status,
      reason: r.reason,
      created_at: iso(r.created_at),
      completed_at: isoOrNull(r.completed_at),
    })),
    coupons: coupons.rows.map((c) => ({
      code: c.code,
      campaign: c.campaign,
      names: c.names,
      discount: Number(c.discount),
    })),
    mails: mails.rows.map((m) => ({
      id: Number(m.id),
      kind: m.kind,
      to_address: m.to_address,
      status: m.status,
      created_at: iso(m.created_at),
      sent_at: isoOrNull(m.sent_at),
      last_error: m.last_error,
    })),
    timeline: await orderTimeline(db, purchase, reservation?.reservation_number ?? null),
  };
}
