import { sql } from 'drizzle-orm';
import {
  currencySchema,
  includedTax,
  siteSettingsSchema,
  STANDARD_TAX_RATE_PERCENT,
  type LangCode,
  type ReceiptResponse,
  type SiteCode,
} from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { payableAmount } from '../orders/payable-amount.ts';
import { inLang, reservationByToken, type ReservationDetails } from '../reservations/reservation-details.ts';

type IssueRow = { receipt_number: string; addressee: string; last_issued_at: string; reissue_count: number };

const issuerSettingsSchema = siteSettingsSchema.shape.receipt;

/**
 * A reservation that may have a receipt: a paid purchase of this site still kept. A shared (child)
 * reservation has no order, so it is not found here: the purchase's receipt is the holder's alone; a
 * cancelled one has no money received to acknowledge. A refunded one (issue 29, ADR 076) keeps the receipt
 * issued before, unchanged (a qualified invoice; its return notes say what went back), but issues none.
 */
async function receivableReservation(
  db: Db,
  site: SiteCode,
  token: string,
  { refunded = false }: { refunded?: boolean } = {},
): Promise<ReservationDetails> {
  const reservation = await reservationByToken(db, site, token);
  const kept = reservation?.status === 'reserved' || (refunded && reservation?.status === 'refunded');
  if (!reservation || !kept) throw new AppError('record_not_found');
  return reservation;
}

/** Who issues the site's receipts and return notes (ADR 023, 076): its name and registration number. */
export async function issuer(db: Db, site: SiteCode, reservation: ReservationDetails, lang: LangCode) {
  const { rows } = await db.execute<{ receipt: unknown }>(
    sql`SELECT settings -> 'receipt' AS receipt FROM sites WHERE code = ${site}`,
  );
  // Absent (a document stored before receipts): the site issues a plain receipt under its own name.
  const settings = issuerSettingsSchema.parse(rows[0]?.receipt ?? undefined);
  return {
    name: inLang(settings?.issuerName ?? reservation.siteNames, lang),
    registration_number: settings?.registrationNumber ?? null,
  };
}

async function document(
  db: Db,
  site: SiteCode,
  reservation: ReservationDetails,
  lang: LangCode,
  issue: IssueRow | undefined,
): Promise<ReceiptResponse> {
  const items = [...reservation.lines, ...reservation.sets].map((line) => ({
    name: inLang(line.names, lang),
    unit_price: line.unitPrice,
    quantity: line.quantity,
    amount: line.unitPrice * line.quantity,
  }));
  const total = payableAmount(reservation.subtotal, reservation.discount);
  return {
    reservation_number: reservation.number,
    lang,
    currency: currencySchema.parse(reservation.currency),
    issuer: await issuer(db, site, reservation, lang),
    product_name: inLang(reservation.productNames, lang),
    starts_at: reservation.startsAt.toISOString(),
    items,
    subtotal: reservation.subtotal,
    discount: reservation.discount,
    total,
    // Every ticket and add-on is sold at the standard rate, tax included (ADR 023).
    taxes: [{ rate_percent: STANDARD_TAX_RATE_PERCENT, amount: total, tax: includedTax(total) }],
    issue: issue
      ? {
          receipt_number: issue.receipt_number,
          addressee: issue.addressee,
          issued_at: new Date(issue.last_issued_at).toISOString(),
          reissue_count: Number(issue.reissue_count),
        }
      : null,
  };
}

/** GET /receipts/{token}: the receipt as it stands, `issue` null until the visitor issues it. */
export async function readReceipt(
  db: Db,
  site: SiteCode,
  reservationToken: string,
  lang: LangCode,
): Promise<ReceiptResponse> {
  const reservation = await receivableReservation(db, site, reservationToken, { refunded: true });
  const { rows } = await db.execute<IssueRow>(
    sql`SELECT receipt_number, addressee, last_issued_at, reissue_count
        FROM receipt_issues WHERE reservation_id = ${reservation.id}`,
  );
  // Refunded before any issue: there is no receipt to show, and none is issued now.
  if (reservation.status === 'refunded' && !rows[0]) throw new AppError('record_not_found');
  return document(db, site, reservation, lang, rows[0]);
}

/**
 * POST /receipts/{token}: issues the receipt to `addressee`. The first issue is the original; any later
 * one is a re-issue, counted in the same statement (one row per reservation, so two concurrent issues
 * count as two and neither can be a second original).
 */
export async function issueReceipt(
  db: Db,
  site: SiteCode,
  reservationToken: string,
  lang: LangCode,
  addressee: string,
): Promise<ReceiptResponse> {
  const reservation = await receivableReservation(db, site, reservationToken);
  const { rows } = await db.execute<IssueRow>(sql`
    INSERT INTO receipt_issues (reservation_id, addressee) VALUES (${reservation.id}, ${addressee})
    ON CONFLICT (reservation_id) DO UPDATE
      SET addressee = EXCLUDED.addressee,
          reissue_count = receipt_issues.reissue_count + 1,
          last_issued_at = now()
    RETURNING receipt_number, addressee, last_issued_at, reissue_count`);
  return document(db, site, reservation, lang, rows[0]);
}
