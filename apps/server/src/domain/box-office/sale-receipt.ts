import type { ReceiptResponse, SiteCode, TicketResponse } from '@kippu/contract';
import type { BoxOfficeSale } from '@kippu/contract/console/box-office-schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { inLang } from '../reservations/reservation-details.ts';
import { readSiteSettings } from '../sites/site-settings.ts';

/** How the money was handed over at the counter. */
export interface CounterPayment {
  method: 'cash' | 'card_terminal' | 'free';
  received: number | null;
  change: number | null;
  approvalNumber: string | null;
}

/**
 * What the counter's printer prints (ADR 080): the qualified receipt's own figures (its number, lines,
 * taxes and issuer, ADR 023: the counter issues the original, so a later issue by the visitor is a
 * re-issue), the site's name and print logo (settings.images.printLogo, uploaded in the console), and the
 * cash handed over and its change or the terminal's approval number.
 */
export async function saleReceipt(
  db: Db,
  site: SiteCode,
  page: TicketResponse,
  receipt: ReceiptResponse,
  payment: CounterPayment,
): Promise<BoxOfficeSale['receipt']> {
  const settings = await readSiteSettings(db, site);
  if (!receipt.issue || !settings) throw new AppError('record_not_found');
  return {
    receipt_number: receipt.issue.receipt_number,
    site_name: inLang(settings.name, receipt.lang),
    print_logo_url: settings?.images?.printLogo ?? null,
    issuer: receipt.issuer,
    issued_at: receipt.issue.issued_at,
    product_name: page.product.name,
    starts_at: page.starts_at,
    ends_at: page.ends_at,
    lines: receipt.items,
    total: receipt.total,
    taxes: receipt.taxes,
    payment_method: payment.method,
    received: payment.received,
    change: payment.change,
    approval_number: payment.approvalNumber,
  };
}
