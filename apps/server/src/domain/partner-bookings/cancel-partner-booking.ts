import { sql } from 'drizzle-orm';
import type { SystemRefundReason } from '@kippu/contract/console/order-timeline-details';
import type { PartnerBooking } from '@kippu/contract/partner/partner-schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import { cancelTickets } from '../refunds/cancel-tickets.ts';
import type { RefundDeps } from '../refunds/refund-types.ts';
import type { PartnerCaller } from './partner-caller.ts';
import { bookingRow, partnerBooking } from './partner-booking-read.ts';

/** The token as the audit's actor of what a partner's call changes. */
export function partnerActor(caller: PartnerCaller): AuditActor {
  return { kind: 'token', tokenId: caller.tokenId, label: caller.name };
}

/**
 * POST /partner/api/v1/bookings/:number/cancellation (ADR 090). Before the visit and with no ticket checked
 * in (else 409 `partner booking not cancellable`): every ticket is cancelled through the refunds domain with
 * the money given back by the on-account method (a credit note: the partner's debt shrinks), audited, the
 * seats back (to the allotment while it holds seats, else to general sale: the refund does it, as for a
 * staff refund); then the booking is marked cancelled. A repeat answers the cancelled booking.
 */
export async function cancelPartnerBooking(
  db: Db,
  deps: RefundDeps,
  caller: PartnerCaller,
  number: string,
): Promise<PartnerBooking> {
  const row = await bookingRow(db, caller, number);
  if (row.booking.status === 'cancelled') return row.booking;
  const { rows } = await db.execute<{ cancellable: boolean }>(sql`
    SELECT t.starts_at > now()
           AND NOT EXISTS (SELECT 1 FROM tickets k WHERE k.reservation_id = r.id
                           AND (k.status = 'used' OR k.checked_in_at IS NOT NULL)) AS cancellable
    FROM reservations r JOIN orders o ON o.id = r.order_id JOIN time_spans t ON t.id = o.time_span_id
    WHERE r.order_id = ${row.order_id}`);
  if (!rows[0]?.cancellable) throw new AppError('partner_booking_not_cancellable');
  if (row.reservation_status === 'reserved') {
    await cancelTickets(db, deps, {
      site: row.site_code,
      orderId: row.order_id,
      ticketIds: 'all',
      money: 'refund',
      reason: 'partner_cancelled' satisfies SystemRefundReason,
      idempotencyKey: `partner-booking-cancel:${row.booking_id}`,
      actor: partnerActor(caller),
      approval: { limitYen: null },
    });
  }
  // The refund gave the seats back to the allotment in its own transaction (refunds' proceedRefund).
  await db.execute(sql`
    UPDATE partner_bookings SET cancelled_at = now() WHERE id = ${row.booking_id} AND cancelled_at IS NULL`);
  return partnerBooking(db, caller, number);
}
