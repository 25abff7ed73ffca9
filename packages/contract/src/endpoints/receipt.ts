import { z } from 'zod';
import { currencySchema, langCodeSchema } from '../enum-schemas.ts';
import { storableText } from '../validation/storable-text.ts';
import { defineEndpoint } from '../endpoint.ts';
import { reservationTokenParamsSchema } from './reservations.ts';

/**
 * The receipt of a paid reservation (ADR 023), all on `{id}` = the reservation token:
 * GET /receipts/{id}?lang= (the receipt as it stands, `issue` null before the first issue),
 * POST /receipts/{id}?lang= `{ addressee }` (issues it: the first time the original, then re-issues),
 * GET /receipts/{id}/pdf?lang= (the issued receipt as a PDF; never issues by itself).
 */
export const receiptQuerySchema = z.object({ lang: langCodeSchema });

/** 宛名: whom the receipt is made out to, as the visitor types it (a person or a company). */
export const RECEIPT_ADDRESSEE_MAX = 60;
export const receiptIssueRequestSchema = z.object({
  addressee: storableText()
    .trim()
    .min(1)
    .max(RECEIPT_ADDRESSEE_MAX)
    .refine((value) => !/[\r\n\t]/.test(value), 'one line of text'),
});
export type ReceiptIssueRequest = z.infer<typeof receiptIssueRequestSchema>;

/** Japan's consumption tax: one standard rate; prices include it (税込). */
export const STANDARD_TAX_RATE_PERCENT = 10;

/** The tax contained in a tax-inclusive amount at `ratePercent`: floor(amount × rate / (100 + rate)). */
export function includedTax(amount: number, ratePercent: number = STANDARD_TAX_RATE_PERCENT): number {
  return Math.floor((amount * ratePercent) / (100 + ratePercent));
}

const money = z.number().int().nonnegative();

export const receiptResponseSchema = z.object({
  reservation_number: z.string(),
  lang: langCodeSchema,
  currency: currencySchema,
  issuer: z.object({
    name: z.string(),
    /** Qualified-invoice registration number (適格請求書発行事業者登録番号, T and 13 digits); null if unset. */
    registration_number: z.string().nullable(),
  }),
  product_name: z.string(),
  starts_at: z.string(),
  /** Ticket types then add-ons, each at its tax-inclusive unit price. */
  items: z.array(
    z.object({ name: z.string(), unit_price: money, quantity: z.number().int().positive(), amount: money }),
  ),
  subtotal: money,
  discount: money,
  /** What was paid: subtotal − discount. */
  total: money,
  /** Per tax rate: the tax-inclusive amount at that rate and the tax it contains. */
  taxes: z.array(z.object({ rate_percent: z.number().int().positive(), amount: money, tax: money })),
  issue: z
    .object({
      receipt_number: z.string(),
      addressee: z.string(),
      /** When this paper was issued (the latest issue). */
      issued_at: z.string(),
      /** 0 for the original; a re-issue is printed as such. */
      reissue_count: z.number().int().nonnegative(),
    })
    .nullable(),
});
export type ReceiptResponse = z.infer<typeof receiptResponseSchema>;

export const receiptEndpoint = defineEndpoint('receipt', {
  params: reservationTokenParamsSchema,
  query: receiptQuerySchema,
  responses: { 200: receiptResponseSchema },
});
export const issueReceiptEndpoint = defineEndpoint('issueReceipt', {
  params: reservationTokenParamsSchema,
  query: receiptQuerySchema,
  body: receiptIssueRequestSchema,
  responses: { 200: receiptResponseSchema },
});
/** The issued receipt as a PDF file (a download, not JSON). */
export const receiptPdfEndpoint = defineEndpoint('receiptPdf', {
  params: reservationTokenParamsSchema,
  query: receiptQuerySchema,
  responses: {},
});
