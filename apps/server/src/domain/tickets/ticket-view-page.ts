import { sql } from 'drizzle-orm';
import type { LangCode, SiteCode, TicketResponse } from '@kippu/contract';
import type { Env } from '../../config/env.ts';
import type { WalletEnv } from '../../config/wallet-certificates.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { ticketPage } from './ticket-page.ts';

/**
 * A new view-only link to a holder's reservation (ADR 102): one token per send (`randomToken`, made by the
 * caller), never the holder's own reservation token, so whoever receives it can open the tickets only.
 */
export async function createTicketViewLink(tx: Tx, reservationId: number, token: string): Promise<string> {
  await tx.execute(sql`
    INSERT INTO ticket_view_links (token, reservation_id) VALUES (${token}, ${reservationId})`);
  return token;
}

/**
 * GET /tickets/view/{viewToken}?lang= (ADR 102): the holder's ticket page as it is now (a changed date
 * shows the new visit and its codes; a cancelled or refunded purchase shows its status and no codes), with
 * everything that is the holder's alone taken out: no date change, no return notes, no purchase figures,
 * no Wallet pass (fetched with the holder's token). An unknown or revoked link is `ticket not found`.
 */
export async function ticketViewPage(
  db: Db,
  env: Pick<Env, 'APP_SECRET'> & WalletEnv,
  site: SiteCode,
  viewToken: string,
  lang: LangCode,
): Promise<TicketResponse> {
  const { rows } = await db.execute<{ reservation_token: string }>(sql`
    SELECT r.reservation_token
    FROM ticket_view_links v JOIN reservations r ON r.id = v.reservation_id
    WHERE v.token = ${viewToken} AND v.revoked_at IS NULL AND r.site_code = ${site}`);
  const holderToken = rows[0]?.reservation_token;
  if (!holderToken) throw new AppError('ticket_not_found');
  const page = await ticketPage(db, env, site, holderToken, lang);
  return {
    ...page,
    total_price: 0,
    discount: 0,
    can_change_date: false,
    return_notes: [],
    apple_wallet: false,
  };
}
