import { sql } from 'drizzle-orm';
import type { LangCode } from '@kippu/contract';
import type { Env } from '../../config/env.ts';
import type { Tx } from '../../db/client.ts';
import { sharedTicketPagePath, siteUrl } from '../links.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import { reservationById } from '../reservations/reservation-details.ts';
import { visitOf } from '../reservations/reservation-visit.ts';

/**
 * The holder sent a share's link to `email` ("Send tickets" with the share token): the address is kept for
 * the share (ADR 107) so the companion can be told when the purchase moves. The shared reservation itself
 * keeps no address (ADR 021: the inquiry must never find it). A second send to one address keeps one row,
 * in the later send's language.
 */
export async function recordShareRecipient(
  tx: Tx,
  sharedReservationId: number,
  email: string,
  lang: LangCode,
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO share_recipients (reservation_id, email, lang) VALUES (${sharedReservationId}, ${email}, ${lang})
    ON CONFLICT (reservation_id, email) DO UPDATE SET lang = excluded.lang`);
}

/**
 * IN THE CALLER'S TRANSACTION, after the purchase's order points at its new slot: mails each address a share
 * of `holderReservationId` was sent to "the tickets shared with you have a new date" (shared_visit_moved,
 * ADR 107), with the share's own number and link (never the holder's) in the language of the send. The
 * rule for a change of date and the console's move alike. Answers the mails queued.
 */
export async function mailSharedVisitMoved(
  tx: Tx,
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  holderReservationId: number,
  previous: { startsAt: Date; endsAt: Date },
): Promise<number> {
  const { rows } = await tx.execute<{
    reservation_token: string;
    reservation_number: string;
    email: string;
    lang: LangCode;
  }>(sql`
    SELECT c.reservation_token, c.reservation_number, s.email, s.lang
    FROM reservations c JOIN share_recipients s ON s.reservation_id = c.id
    WHERE c.parent_reservation_id = ${holderReservationId} AND c.status = 'reserved'
      AND EXISTS (SELECT 1 FROM tickets tk WHERE tk.reservation_id = c.id AND tk.status = 'valid')
    ORDER BY c.id, s.email`);
  if (rows.length === 0) return 0;
  const holder = (await reservationById(tx, holderReservationId))!;
  for (const share of rows) {
    await enqueueMail(tx, {
      kind: 'shared_visit_moved',
      siteCode: holder.siteCode,
      to: share.email,
      lang: share.lang,
      payload: {
        ...visitOf(env, holder, share.lang),
        reservationNumber: share.reservation_number,
        ticketUrl: siteUrl(env, holder.siteSlug, sharedTicketPagePath(share.reservation_token), share.lang),
        previousStartsAt: previous.startsAt.toISOString(),
        previousEndsAt: previous.endsAt.toISOString(),
      },
    });
  }
  return rows.length;
}
