import { sql } from 'drizzle-orm';
import type { LangCode, LocalizedText, ProductType, SiteCode, TicketSendResponse } from '@kippu/contract';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { sharedTicketPagePath, siteUrl, ticketViewPagePath } from '../links.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import { siteIdentity } from '../mail/site-identity.ts';
import { inLang } from '../reservations/reservation-details.ts';
import { recordShareRecipient } from './share-recipients.ts';
import { createTicketViewLink } from './ticket-view-page.ts';

type Row = {
  id: number;
  shared: boolean;
  product_type: ProductType;
  product_names: LocalizedText;
  starts_at: string;
  ends_at: string;
};

/**
 * POST /tickets/send/{reservationToken} (ADR 021): queues the ticket link for another address in the
 * chosen language. The link shows the tickets only: for the holder's reservation a new view-only link
 * (ADR 102: QR codes and the visit, none of the holder's actions), for a shared reservation its shared
 * page. Only while the purchase is reserved (else `ticket not found`).
 */
export async function sendTicketLink(
  db: Db,
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  site: SiteCode,
  token: string,
  /** `viewToken`: the new view-only link's token (made by the caller, which keeps it out of its log). */
  to: { email: string; lang: LangCode; viewToken: string },
): Promise<TicketSendResponse> {
  return db.transaction(async (tx) => {
    // The purchase is the reservation's own order, or its holder's for a shared reservation.
    const { rows } = await tx.execute<Row>(sql`
      SELECT r.id, r.parent_reservation_id IS NOT NULL AS shared, pr.product_type,
             pr.names AS product_names, t.starts_at, t.ends_at
      FROM reservations r
      LEFT JOIN reservations p ON p.id = r.parent_reservation_id
      JOIN orders o ON o.id = COALESCE(r.order_id, p.order_id)
      JOIN products pr ON pr.id = o.product_id
      JOIN time_spans t ON t.id = o.time_span_id
      WHERE r.reservation_token = ${token} AND r.site_code = ${site}
        AND COALESCE(p.status, r.status) = 'reserved'`);
    const row = rows[0];
    if (!row) throw new AppError('ticket_not_found');
    const identity = await siteIdentity(tx, site, to.lang);
    // Never the holder's own token (it changes the date, issues receipts, refunds): a view-only link of
    // this send (ADR 102). A companion's shared page is view-only already and is sent as it is.
    const path = row.shared
      ? sharedTicketPagePath(token)
      : ticketViewPagePath(await createTicketViewLink(tx, Number(row.id), to.viewToken));
    // A companion's address is kept with the share, to tell them when the purchase moves (ADR 107).
    if (row.shared) await recordShareRecipient(tx, Number(row.id), to.email, to.lang);
    await enqueueMail(tx, {
      kind: 'ticket_link',
      siteCode: site,
      to: to.email,
      lang: to.lang,
      payload: {
        siteName: identity.name,
        productName: inLang(row.product_names, to.lang),
        productType: row.product_type,
        startsAt: new Date(row.starts_at).toISOString(),
        endsAt: new Date(row.ends_at).toISOString(),
        ticketUrl: siteUrl(env, identity.slug, path, to.lang),
      },
    });
    return { email: to.email };
  });
}
