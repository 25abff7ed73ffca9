import { itemSku, type GtmResponse, type SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { inLang, reservationByToken } from './reservation-details.ts';

/**
 * GET /gtm/{reservationToken}: the analytics data of a completed order (spec §7, §9), named in the
 * visitor's language: items are the ticket types and add-ons with sku "<time span id>-<name>", the total
 * is Σ price × count over them before discounts. No personal data.
 */
export async function gtmData(db: Db, site: SiteCode, reservationToken: string): Promise<GtmResponse> {
  const reservation = await reservationByToken(db, site, reservationToken);
  if (!reservation) throw new AppError('record_not_found');
  const { lang } = reservation;
  const items = [...reservation.lines, ...reservation.sets].map((line) => {
    const name = inLang(line.names, lang);
    return {
      sku: itemSku(reservation.timeSpanId, name),
      name,
      price: line.unitPrice,
      quantity: line.quantity,
    };
  });
  return {
    reservation_number: reservation.number,
    currency: reservation.currency,
    total_price: reservation.subtotal,
    total_quantity: items.reduce((sum, item) => sum + item.quantity, 0),
    discount: reservation.discount,
    items,
  };
}
