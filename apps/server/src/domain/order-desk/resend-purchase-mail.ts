import { sql } from 'drizzle-orm';
import type { ConsoleOrder } from '@kippu/contract/console/orders-schemas';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { queuePurchaseConfirmation } from '../checkout/purchase-mail.ts';
import { lockOrderById } from '../orders/order-lock.ts';
import { orderPurchase } from './order-purchase.ts';

/**
 * POST /sites/:site/orders/:id/purchase-mail (ADR 078): queues the purchase confirmation again, the same
 * mail kind and contents the purchase queued (`queuePurchaseConfirmation`), to the reservation's address as
 * it is now (staff may have corrected it), for the purchase's current visit and what it paid in all. Only a
 * reserved purchase has one; one without an address answers `invalid email address`. Audited in the same
 * transaction as the queued mail.
 */
export async function resendPurchaseMail(
  db: Db,
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  actor: AuditActor,
  site: string,
  orderId: number,
): Promise<ConsoleOrder['mails'][number]> {
  return db.transaction(async (tx) => {
    const purchase = await orderPurchase(tx, site, orderId);
    if (!purchase || purchase.reservationId === null) throw new AppError('record_not_found');
    // The purchase's order row lock: a refund or a change of date of this purchase waits for the mail.
    await lockOrderById(tx, purchase.currentOrderId);
    const { rows } = await tx.execute<{ status: string; email: string; number: string; paid: number }>(sql`
      SELECT r.status, r.email, r.reservation_number AS number,
             (SELECT COALESCE(sum(amount), 0) FROM payments
              WHERE order_id = ANY(${sql.param(purchase.orderIds)}::bigint[]) AND status = 'confirmed')::bigint AS paid
      FROM reservations r WHERE r.id = ${purchase.reservationId}`);
    const reservation = rows[0]!;
    if (reservation.status !== 'reserved') throw new AppError('record_not_found');
    if (!reservation.email) throw new AppError('invalid_email');
    await queuePurchaseConfirmation(tx, env, purchase.reservationId, Number(reservation.paid));
    const { rows: mails } = await tx.execute<{
      id: number;
      kind: string;
      to_address: string;
      status: 'pending' | 'sent' | 'stored' | 'failed';
      created_at: string;
      sent_at: string | null;
      last_error: string | null;
    }>(sql`
      SELECT id, kind, to_address, status, created_at, sent_at, last_error FROM mail_outbox
      WHERE site_code = ${site} AND payload ? 'reservationNumber' AND payload ->> 'reservationNumber' = ${reservation.number}
        AND kind = 'purchase_confirmation'
      ORDER BY id DESC LIMIT 1`);
    // The one just queued: a resend of this purchase elsewhere waits on the order's lock above.
    const mail = mails[0]!;
    await recordAudit(tx, {
      actor,
      siteCode: site,
      objectType: 'order',
      objectId: String(orderId),
      action: 'purchase_mail_resent',
      after: { mail_id: Number(mail.id), reservation_id: purchase.reservationId },
    });
    return {
      id: Number(mail.id),
      kind: mail.kind,
      to_address: mail.to_address,
      status: mail.status,
      created_at: new Date(mail.created_at).toISOString(),
      sent_at: mail.sent_at === null ? null : new Date(mail.sent_at).toISOString(),
      last_error: mail.last_error,
    };
  });
}
