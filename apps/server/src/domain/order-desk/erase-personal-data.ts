import { sql } from 'drizzle-orm';
import type { ErasePersonalDataResponse } from '@kippu/contract/console/orders-schemas';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { ERASED_ADDRESS } from '../mail/enqueue-mail.ts';
import { orderPurchase } from './order-purchase.ts';

/** An order in these may still write the visitor's details (the form, the payment's return). */
const IN_FLIGHT: readonly string[] = ['holding', 'ready_checkout', 'paying'];

type Erasure = ErasePersonalDataResponse['erasure'];

/**
 * POST /sites/:site/orders/:id/personal-data-erasure (ADR 122): a visitor asked for their personal data to be
 * erased (APPI's request to delete); staff erase it from the purchase the order belongs to, every order of
 * it (changes of date included). Erased, in one transaction: the order form's answers and the hashed client
 * and address keys of the orders, the e-mail address of the reservation and of its shared tickets, the
 * addresses the tickets were shared to, the mail-confirmation links' addresses, the recipients of the mails
 * about the purchase, a partner booking's customer, the mail-magazine subscription made with it, and the
 * personal data the audit log keeps for its orders, reservations, payments, refunds and tickets. Kept: the
 * tickets (they still admit), the payments and refunds (the books), issued receipts' addressee (tax records
 * that must be kept) and the purchase's timeline.
 *
 * Refused (`console erasure in progress`) while an order of the purchase is open (held or being paid), a
 * change of date of it is pending, or a mail about it is still queued: each would write the data back or
 * send it. A purchase already erased answers its first erasure again, changing nothing.
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
    const orderIds = sql.param(purchase.orderIds);
    // In id order, as every other path that locks several orders: no deadlock with a checkout or a change.
    const { rows: orders } = await tx.execute<{ id: number; status: string; erased_at: string | null }>(sql`
      SELECT id, status, personal_data_erased_at AS erased_at FROM orders
      WHERE id = ANY(${orderIds}::bigint[]) ORDER BY id FOR UPDATE`);
    const done = orders.find((order) => order.erased_at !== null);
    if (done && orders.every((order) => order.erased_at !== null)) return { erasure: alreadyErased(done) };
    if (orders.some((order) => IN_FLIGHT.includes(order.status))) {
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
    if (purchase.reservationId !== null) {
      const { rows: changing } = await tx.execute(sql`
        SELECT 1 FROM time_changes WHERE reservation_id = ${purchase.reservationId} AND status = 'pending'`);
      if (changing.length > 0) throw new AppError('console_erasure_in_progress');
    }

    // The mails about the purchase: by its reservations' numbers, their ticket links, its confirmation links.
    const { rows: mails } = await tx.execute<{ id: number; status: string }>(sql`
      SELECT m.id, m.status FROM mail_outbox m
      WHERE m.site_code = ${site} AND m.to_address <> ${ERASED_ADDRESS} AND (
        m.payload ->> 'reservationNumber' = ANY(${sql.param(reservations.map((r) => r.reservation_number))}::text[])
        OR EXISTS (SELECT 1 FROM unnest(${sql.param(reservations.map((r) => r.reservation_token))}::text[]) t(token)
                   WHERE strpos(m.payload ->> 'ticketUrl', t.token) > 0)
        OR EXISTS (SELECT 1 FROM mail_tokens mt WHERE mt.order_id = ANY(${orderIds}::bigint[])
                   AND strpos(m.payload ->> 'confirmUrl', mt.token) > 0))
      FOR UPDATE OF m`);
    if (mails.some((mail) => mail.status === 'pending')) throw new AppError('console_erasure_in_progress');

    const { rows: erasedOrders } = await tx.execute<{ erased_at: string }>(sql`
      UPDATE orders SET customer_info = '[]'::jsonb, client_key = NULL, address_key = NULL,
                        personal_data_erased_at = now(), updated_at = now()
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
    await tx.execute(sql`
      UPDATE partner_bookings SET customer_name = ${ERASED_ADDRESS}, customer_email = NULL
      WHERE order_id = ANY(${orderIds}::bigint[])`);
    // The payloads hold no personal data (mail-kinds.ts: links, numbers, the visit); the recipient is it.
    await tx.execute(sql`
      UPDATE mail_outbox SET to_address = ${ERASED_ADDRESS}
      WHERE id = ANY(${sql.param(mails.map((mail) => Number(mail.id)))}::bigint[])`);
    await eraseAuditSubjects(
      tx,
      purchase.orderIds,
      reservations.map((r) => Number(r.id)),
    );

    const erasure: Erasure = {
      erased_at: new Date(erasedOrders[0]!.erased_at).toISOString(),
      orders: erasedOrders.length,
      reservations: reservations.length,
      mails: mails.length,
    };
    // The event says that it was done and how much, never what was erased.
    await recordAudit(tx, {
      actor,
      siteCode: site,
      objectType: 'order',
      objectId: String(purchase.currentOrderId),
      action: 'personal_data_erased',
      after: { orders: erasure.orders, reservations: erasure.reservations, mails: erasure.mails },
    });
    return { erasure };
  });
}

/** The audit log's personal data of the purchase's objects (ADR 065's one erasure path). */
async function eraseAuditSubjects(tx: Tx, orderIds: number[], reservationIds: number[]): Promise<void> {
  await tx.execute(sql`
    WITH subjects AS (
      SELECT 'order:' || id AS subject FROM unnest(${sql.param(orderIds)}::bigint[]) id
      UNION ALL SELECT 'reservation:' || id FROM unnest(${sql.param(reservationIds)}::bigint[]) id
      UNION ALL SELECT 'payment:' || id FROM payments WHERE order_id = ANY(${sql.param(orderIds)}::bigint[])
      UNION ALL SELECT 'refund:' || id FROM refunds WHERE reservation_id = ANY(${sql.param(reservationIds)}::bigint[])
      UNION ALL SELECT 'ticket:' || id FROM tickets WHERE reservation_id = ANY(${sql.param(reservationIds)}::bigint[]))
    SELECT audit_erase_personal_data(subject) FROM subjects`);
}

/** A purchase erased before: its first erasure's time, nothing counted again. */
function alreadyErased(order: { erased_at: string | null }): Erasure {
  return { erased_at: new Date(order.erased_at!).toISOString(), orders: 0, reservations: 0, mails: 0 };
}
