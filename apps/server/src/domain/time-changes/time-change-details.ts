import { sql } from 'drizzle-orm';
import type { LangCode, LocalizedText, ProductType, SiteCode, TimeChangeResponse } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { inLang } from '../reservations/reservation-details.ts';
import { sharedTicketCount } from './shared-ticket-count.ts';
import { changeByTokens } from './time-change-store.ts';

type VisitRow = {
  id: number;
  product_type: ProductType;
  names: LocalizedText;
  starts_at: string;
  ends_at: string;
};

/**
 * GET /timechanges/{reservationToken}/{timechangeToken} (ADR 029): what the confirm and payment screens
 * show: the visit before and after, the prices, the top-up and the refund policy (none). A change whose
 * hold ran out reads `expired` even before the sweeper marks it.
 */
export async function timeChangeDetails(
  db: Db,
  site: SiteCode,
  reservationToken: string,
  timechangeToken: string,
  lang: LangCode,
): Promise<TimeChangeResponse> {
  const change = await changeByTokens(db, site, reservationToken, timechangeToken);
  if (!change) throw new AppError('record_not_found');
  const { rows } = await db.execute<VisitRow & { quantity: number; lapsed: boolean }>(sql`
    SELECT t.id, p.product_type, p.names, t.starts_at, t.ends_at, o.quantity,
           (o.status IN ('expired', 'cancelled')
            OR (o.status IN ('holding', 'ready_checkout') AND o.expires_at <= now())) AS lapsed
    FROM orders o JOIN time_spans t ON t.id = o.time_span_id JOIN products p ON p.id = o.product_id
    WHERE o.id IN (${change.fromOrderId}, ${change.orderId})
    ORDER BY (o.id = ${change.orderId})`);
  const [from, to] = rows as [
    VisitRow & { quantity: number },
    VisitRow & { quantity: number; lapsed: boolean },
  ];
  const visit = (row: VisitRow) => ({
    product_name: inLang(row.names, lang),
    product_type: row.product_type,
    time_span_id: Number(row.id),
    starts_at: new Date(row.starts_at).toISOString(),
    ends_at: new Date(row.ends_at).toISOString(),
  });
  return {
    status: change.status === 'pending' && to.lapsed ? 'expired' : change.status,
    expires_at: change.expiresAt.toISOString(),
    from: visit(from),
    to: visit(to),
    quantity: to.quantity,
    shared_quantity: await sharedTicketCount(db, change.reservationId),
    old_price: change.oldPrice,
    new_price: change.newPrice,
    price_difference: change.priceDifference,
    top_up: change.topUp,
    refund: 0,
  };
}
