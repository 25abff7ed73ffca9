import { sql } from 'drizzle-orm';
import type { ErasePersonalDataResponse } from '@kippu/contract/console/orders-schemas';
import { isPurchaseInProgress } from '@kippu/contract/enums';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { ERASED_ADDRESS } from '../mail/enqueue-mail.ts';
import { orderPurchase, type OrderPurchase } from './order-purchase.ts';

type Erasure = ErasePersonalDataResponse['erasure'];

/**
 * POST /sites/:site/orders/:id/personal-data-erasure (ADR 122): a visitor asked for their personal data to be
 * erased (APPI's request to delete); staff erase it from the purchase the order belongs to: every order of it,
 * those a change of date left behind or abandoned included. Erased, in one transaction: the order form's
 * answers and the hashed client and address keys of the orders, the e-mail address of the reservation and of
 * its shared tickets, the addresses the tickets were shared to, the addresses of its mail-confirmation links
 * and invitation, the recipients of the mails about the purchase, a partner booking's customer, the
 * mail-magazine subscription made with it, and the personal data the audit log keeps for its orders,
 * reservations, invitation, payments, refunds and tickets. Kept: the tickets (they still admit), the payments
 * and refunds (the books), issued receipts' addressee (tax records that must be kept) and the timeline.
 *
 * Refused (`console erasure in progress`) while an order of the purchase is open (held or being paid), a
 * change of date of it is pending or completes meanwhile, or a mail about it is queued or being sent: each
 * would write the data back or send it. Run again, it erases what a race wrote since (ADR 122) and keeps the
 * first erasure's time.
 */
export async function erasePersonalData(
  db: Db,
  actor: AuditActor,
  site: string,
  orderId: number,
): Promise<{ erasure: Erasure }> {
  return db.transaction(async (tx) => {
    const purchase = await orderPurchase(tx, site, orderId);
    if (!purchase) throw new AppError('record_not_found');
    // A change of date under way locks its new order before the old one: refused before taking any lock.
    await refuseWhileChanging(tx, purchase);
    const ids = await ordersOfPurchase(tx, purchase);
    const orderIds = sql.param(ids);
    // In id order, as the refunds and the completion of a change of date lock them.
    const { rows: orders } = await tx.execute<{ id: number; status: string }>(sql`
      SELECT id, status FROM orders
      WHERE id = ANY(${orderIds}::bigint[]) ORDER BY id FOR UPDATE`);
    // A change of date paid while this waited for the locks moved the purchase to an order not locked here.
    const settled = await orderPurchase(tx, site, orderId);
    if (!settled || (await ordersOfPurchase(tx, settled)).join() !== ids.join()) {
      throw new AppError('console_erasure_in_progress');
    }
    if (orders.some((order) => isPurchaseInProgress(order.status))) {
      throw new AppError('console_erasure_in_progress');
    }

    // The purchase's reservation and the shares made of it (ADR 021, 107), locked as a share locks them.
    const { rows: reservations } = await tx.execute<{
      id: number;
      reservation_number: string;
      reservation_token: string;
    }>(sql`
      SELECT id, reservation_number, reservation_token FROM reservations
      WHERE id = ${purchase.reservationId} OR parent_reservation_id = ${purchase.reservationId}
      ORDER BY id FOR UPDATE`);
    const reservationIds = sql.param(reservations.map((r) => Number(r.id)));
    await refuseWhileChanging(tx, purchase);

    const mails = await mailsAbout(tx, site, ids, reservations);
    if (mails.some((mail) => mail.status === 'pending')) throw new AppError('console_erasure_in_progress');

    const { rows: erasedOrders } = await tx.execute<{ erased_at: string }>(sql`
      UPDATE orders SET customer_info = '[]'::jsonb, client_key = NULL, address_key = NULL,
                        personal_data_erased_at = COALESCE(personal_data_erased_at, now()), updated_at = now()
      WHERE id = ANY(${orderIds}::bigint[]) RETURNING personal_data_erased_at AS erased_at`);
    await tx.execute(sql`
      UPDATE reservations SET email = ${ERASED_ADDRESS}, updated_at = now()
      WHERE id = ANY(${reservationIds}::bigint[])`);
    await tx.execute(
      sql`DELETE FROM share_recipients WHERE reservation_id = ANY(${reservationIds}::bigint[])`,
    );
    await tx.execute(sql`
      DELETE FROM mail_magazine_subscriptions WHERE reservation_id = ANY(${reservationIds}::bigint[])`);
    await tx.execute(sql`
      UPDATE mail_tokens SET email = ${ERASED_ADDRESS} WHERE order_id = ANY(${orderIds}::bigint[])`);
    const { rows: invitations } = await tx.execute<{ id: number }>(sql`
      UPDATE invitations SET email = ${ERASED_ADDRESS} WHERE order_id = ANY(${orderIds}::bigint[]) RETURNING id`);
    await tx.execute(sql`
      UPDATE partner_bookings SET customer_name = '', customer_email = NULL
      WHERE order_id = ANY(${orderIds}::bigint[])`);
    // The payloads hold no personal data (mail-kinds.ts: links, numbers, the visit); the recipient is, and an
    // SMTP server's refusal quotes it.
    await tx.execute(sql`
      UPDATE mail_outbox SET to_address = ${ERASED_ADDRESS}, last_error = NULL
      WHERE id = ANY(${sql.param(mails.map((mail) => Number(mail.id)))}::bigint[])`);
    await eraseAuditSubjects(tx, {
      orders: ids,
      reservations: reservations.map((r) => Number(r.id)),
      invitations: invitations.map((i) => Number(i.id)),
    });

    const erasure: Erasure = {
      // The first erasure's time: a run again keeps it (an order a race wrote to is erased now).
      erased_at: new Date(
        Math.min(...erasedOrders.map((order) => new Date(order.erased_at).getTime())),
      ).toISOString(),
      orders: erasedOrders.length,
      reservations: reservations.length,
      mails: mails.length,
    };
    // The event says that it was done and how much, never what was erased.
    await recordAudit(tx, {
      actor,
      siteCode: site,
      objectType: 'order',
      objectId: String(settled.currentOrderId),
      action: 'personal_data_erased',
      after: { orders: erasure.orders, reservations: erasure.reservations, mails: erasure.mails },
    });
    return { erasure };
  });
}

/** A change of date of the purchase is pending: its new order may still take the visitor's form. */
async function refuseWhileChanging(tx: Tx, purchase: OrderPurchase): Promise<void> {
  const { rows } = await tx.execute(sql`
    SELECT 1 FROM time_changes WHERE reservation_id = ${purchase.reservationId} AND status = 'pending'`);
  if (rows.length > 0) throw new AppError('console_erasure_in_progress');
}

/**
 * Every order of the purchase: the ones its reservation went through (`orderPurchase`) and every order a change
 * of date of it created, also one abandoned (expired, cancelled), which holds a copy of the visitor's form.
 */
async function ordersOfPurchase(tx: Tx, purchase: OrderPurchase): Promise<number[]> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    SELECT id FROM unnest(${sql.param(purchase.orderIds)}::bigint[]) id
    UNION SELECT order_id FROM time_changes WHERE reservation_id = ${purchase.reservationId}
    ORDER BY 1`);
  return rows.map((row) => Number(row.id));
}

/**
 * The mails about the purchase, locked: by its reservations' numbers, their ticket links (the holder's own and
 * the view-only ones sent, ADR 102), its confirmation links and its invitation. A mail the worker is sending
 * now is not waited for (the worker holds its batch through the SMTP calls): the erasure is tried later.
 */
async function mailsAbout(
  tx: Tx,
  site: string,
  orderIds: number[],
  reservations: { id: number; reservation_number: string; reservation_token: string }[],
): Promise<{ id: number; status: string }[]> {
  const reservationIds = sql.param(reservations.map((r) => Number(r.id)));
  try {
    const { rows } = await tx.execute<{ id: number; status: string }>(sql`
      WITH tokens AS (
        SELECT reservation_token AS token FROM unnest(${sql.param(reservations.map((r) => r.reservation_token))}::text[]) reservation_token
        UNION ALL SELECT token FROM ticket_view_links WHERE reservation_id = ANY(${reservationIds}::bigint[])),
      links AS (
        SELECT token FROM mail_tokens WHERE order_id = ANY(${sql.param(orderIds)}::bigint[])
        UNION ALL SELECT token FROM invitations WHERE order_id = ANY(${sql.param(orderIds)}::bigint[]))
      SELECT m.id, m.status FROM mail_outbox m
      WHERE m.site_code = ${site} AND m.to_address <> ${ERASED_ADDRESS} AND (
        m.payload ->> 'reservationNumber' = ANY(${sql.param(reservations.map((r) => r.reservation_number))}::text[])
        OR EXISTS (SELECT 1 FROM tokens t WHERE strpos(m.payload ->> 'ticketUrl', t.token) > 0)
        OR EXISTS (SELECT 1 FROM links l WHERE strpos(m.payload ->> 'confirmUrl', l.token) > 0))
      FOR UPDATE OF m NOWAIT`);
    return rows;
  } catch (error) {
    if (databaseCode(error) === LOCK_NOT_AVAILABLE) throw new AppError('console_erasure_in_progress');
    throw error;
  }
}

/** NOWAIT found a row locked (SQLSTATE 55P03). */
const LOCK_NOT_AVAILABLE = '55P03';

/** The SQLSTATE of a pg error, also when drizzle wrapped it (`cause`). */
function databaseCode(error: unknown): string | undefined {
  const { code, cause } = error as { code?: unknown; cause?: { code?: unknown } };
  const found = typeof code === 'string' ? code : cause?.code;
  return typeof found === 'string' ? found : undefined;
}

/** The audit log's personal data of the purchase's objects (ADR 065's one erasure path). */
async function eraseAuditSubjects(
  tx: Tx,
  ids: { orders: number[]; reservations: number[]; invitations: number[] },
): Promise<void> {
  const orders = sql.param(ids.orders);
  const reservations = sql.param(ids.reservations);
  await tx.execute(sql`
    WITH subjects AS (
      SELECT 'order:' || id AS subject FROM unnest(${orders}::bigint[]) id
      UNION ALL SELECT 'reservation:' || id FROM unnest(${reservations}::bigint[]) id
      UNION ALL SELECT 'visitor_invitation:' || id FROM unnest(${sql.param(ids.invitations)}::bigint[]) id
      UNION ALL SELECT 'payment:' || id FROM payments WHERE order_id = ANY(${orders}::bigint[])
      UNION ALL SELECT 'refund:' || id FROM refunds WHERE reservation_id = ANY(${reservations}::bigint[])
      UNION ALL SELECT 'ticket:' || id FROM tickets WHERE reservation_id = ANY(${reservations}::bigint[]))
    SELECT audit_erase_personal_data(subject) FROM subjects`);
}
