import { sql } from 'drizzle-orm';
import type { LangCode, LocalizedText } from '@kippu/contract';
import type { Tx } from '../../db/client.ts';
import { siteUrl, ticketPagePath } from '../links.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import { inLang } from '../reservations/reservation-details.ts';
import type { RefundPosition } from './refund-position.ts';
import type { RefundMailEnv } from './refund-types.ts';

export type { RefundMailEnv } from './refund-types.ts';

/**
 * Queues the visitor's mail about a refund with money, in the refund's transaction (ADR 016): the amount, the
 * number of tickets, the return note's number and link, in the reservation's language. `env` is required: every
 * refund with money sends the visitor a mail (review finding 4).
 */
export async function queueRefundMail(
  tx: Tx,
  env: RefundMailEnv,
  refund: { returnNoteNumber: string; amount: number; ticketCount: number; position: RefundPosition },
): Promise<void> {
  const { position } = refund;
  const { rows } = await tx.execute<{
    reservation_number: string;
    slug: string;
    site_names: LocalizedText;
    product_names: LocalizedText;
  }>(sql`
    SELECT r.reservation_number, s.slug, s.settings -> 'name' AS site_names, p.names AS product_names
    FROM reservations r JOIN sites s ON s.code = r.site_code
    JOIN orders o ON o.id = r.order_id JOIN products p ON p.id = o.product_id
    WHERE r.id = ${position.reservationId}`);
  const row = rows[0];
  if (!row) return;
  const lang = position.reservationLang as LangCode;
  const ticketPath = ticketPagePath(position.reservationToken);
  await enqueueMail(tx, {
    kind: 'refund_issued',
    siteCode: position.siteCode,
    to: position.email,
    lang,
    payload: {
      siteName: inLang(row.site_names, lang),
      reservationNumber: row.reservation_number,
      productName: inLang(row.product_names, lang),
      amount: refund.amount,
      ticketCount: refund.ticketCount,
      returnNoteNumber: refund.returnNoteNumber,
      returnNoteUrl: siteUrl(env, row.slug, `${ticketPath}/return-notes/${refund.returnNoteNumber}`, lang),
      ticketUrl: siteUrl(env, row.slug, ticketPath, lang),
    },
  });
}
