import { z } from 'zod';
import { currencySchema, langCodeSchema } from '../enum-schemas.ts';
import { secretToken } from '../secret.ts';
import { tokenSchema } from '../validation/storable-text.ts';
import { defineEndpoint } from '../endpoint.ts';

/**
 * A return note (返還インボイス, issue 29, ADR 076): what a refund gave back of a paid reservation, numbered per
 * site, in the visitor's language; the receipt issued before never changes. On `{id}` = the reservation token:
 * GET /return-notes/{id}/{number}?lang= (the note) and GET /return-notes/{id}/{number}/pdf?lang= (as a PDF).
 */
export const returnNoteParamsSchema = z.object({
  id: secretToken(tokenSchema),
  /**
   * 'H', the site code, '-', six digits. Marked secret (redacted from logs): numbered in sequence, it says how
   * many refunds a site made, and beside the reservation token it is half of the note's address.
   */
  number: secretToken(z.string().regex(/^H[A-Z0-9]{1,20}-\d{6,}$/, 'not a return note number')),
});
export const returnNoteQuerySchema = z.object({ lang: langCodeSchema });

const money = z.number().int().nonnegative();

export const returnNoteResponseSchema = z.object({
  note_number: z.string(),
  reservation_number: z.string(),
  lang: langCodeSchema,
  currency: currencySchema,
  issuer: z.object({ name: z.string(), registration_number: z.string().nullable() }),
  product_name: z.string(),
  starts_at: z.string(),
  /** When the refund was decided (the note's date). */
  issued_at: z.string(),
  /** The receipt this note corrects, when one was issued. */
  receipt_number: z.string().nullable(),
  /** Each cancelled ticket and the money it gave back (its price less its share of the discounts). */
  items: z.array(z.object({ name: z.string(), sequence: z.number().int().positive(), amount: money })),
  /** Given back in total. */
  amount: money,
  /** Per tax rate: the amount given back at that rate and the tax it contains. */
  taxes: z.array(z.object({ rate_percent: z.number().int().positive(), amount: money, tax: money })),
});
export type ReturnNoteResponse = z.infer<typeof returnNoteResponseSchema>;

export const returnNoteEndpoint = defineEndpoint('returnNote', {
  params: returnNoteParamsSchema,
  query: returnNoteQuerySchema,
  responses: { 200: returnNoteResponseSchema },
});
/** The return note as a PDF file (a download, not JSON). */
export const returnNotePdfEndpoint = defineEndpoint('returnNotePdf', {
  params: returnNoteParamsSchema,
  query: returnNoteQuerySchema,
  responses: {},
});
