import { sql } from 'drizzle-orm';
import type {
  LangCode,
  LocalizedText,
  ProductType,
  SiteCode,
  TimeChangeOptionsResponse,
} from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { inLang } from '../reservations/reservation-details.ts';
import { slotBeforeSaleCutoffSql } from '../stock/slot-sale.ts';
import { changeableReservation, type ChangeableReservation } from '../reservations/changeable-reservation.ts';
import { payablePrice, repricedOrder } from './repriced-order.ts';
import { pendingChangeToken } from './time-change-store.ts';
import { sharedTicketCount } from './shared-ticket-count.ts';

/**
 * The products a purchase may move to: its own, and the date-changeable products of its group; published
 * ones only (a draft or retired product sells nothing, ADR 068: the hold refuses it too).
 */
export function targetProductsSql(
  reservation: Pick<ChangeableReservation, 'productId' | 'changeGroup' | 'siteCode'>,
) {
  return sql`(p.status = 'published'
              AND (p.id = ${reservation.productId}
                   OR (${reservation.changeGroup}::text IS NOT NULL AND p.date_changeable
                       AND p.site_code = ${reservation.siteCode} AND p.date_change_group = ${reservation.changeGroup})))`;
}

type SlotRow = {
  id: number;
  product_id: number;
  product_type: ProductType;
  names: LocalizedText;
  starts_at: string;
  ends_at: string;
  remaining: number;
};

function tokyoDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(at);
}

/**
 * GET /timechanges/{reservationToken} (ADR 029): the booking, whether and until when it may change, and
 * the slots of one Tokyo date (default: the booked day) it may move to, on sale and with room for the whole
 * purchase, each priced as the purchase would cost there.
 */
export async function timeChangeOptions(
  db: Db,
  site: SiteCode,
  token: string,
  lang: LangCode,
  date: string | undefined,
): Promise<TimeChangeOptionsResponse> {
  const reservation = await changeableReservation(db, site, token);
  const day = date ?? tokyoDate(reservation.startsAt);
  const { rows } = reservation.changeable
    ? await db.execute<SlotRow>(sql`
        SELECT t.id, p.id AS product_id, p.product_type, p.names, t.starts_at, t.ends_at,
               (t.capacity - t.held - t.sold - t.allotted)::int AS remaining
        FROM time_spans t JOIN products p ON p.id = t.product_id
        WHERE ${targetProductsSql(reservation)}
          AND (t.starts_at AT TIME ZONE 'Asia/Tokyo')::date = ${day}::date
          AND t.id <> ${reservation.timeSpanId} AND t.on_sale AND t.capacity - t.held - t.sold - t.allotted >= ${reservation.quantity}
          AND ${sql.raw(slotBeforeSaleCutoffSql('t', 'p'))}
        ORDER BY t.starts_at, p.position, p.id`)
    : { rows: [] };
  // Payable prices on both sides, as checkout charges them (ADR 040): the difference is what the change
  // would charge.
  const prices = new Map<number, number | null>();
  for (const productId of new Set(rows.map((row) => Number(row.product_id)))) {
    const repriced = await repricedOrder(db, reservation, productId);
    prices.set(productId, repriced ? payablePrice(repriced) : null);
  }
  const currentPrice = payablePrice(reservation);
  return {
    current: {
      product_name: inLang(reservation.productNames, lang),
      product_type: reservation.productType,
      time_span_id: reservation.timeSpanId,
      starts_at: reservation.startsAt.toISOString(),
      ends_at: reservation.endsAt.toISOString(),
      quantity: reservation.quantity,
      shared_quantity: await sharedTicketCount(db, reservation.id),
      price: currentPrice,
    },
    changeable: reservation.changeable,
    change_until: reservation.changeUntil.toISOString(),
    pending_timechange_token: await pendingChangeToken(db, reservation.id),
    date: day,
    slots: rows.flatMap((row) => {
      const price = prices.get(Number(row.product_id));
      if (price === null || price === undefined) return [];
      return [
        {
          product_name: inLang(row.names, lang),
          product_type: row.product_type,
          time_span_id: Number(row.id),
          starts_at: new Date(row.starts_at).toISOString(),
          ends_at: new Date(row.ends_at).toISOString(),
          remaining: row.remaining,
          price,
          price_difference: price - currentPrice,
        },
      ];
    }),
  };
}
