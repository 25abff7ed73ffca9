import { z } from 'zod';
import { localizedTextSchema } from '../i18n-text.ts';
import { defineEndpoint } from '../endpoint.ts';

/**
 * GET /api/v1/signage/today (ADR 032): what the entrance screen `/signage/today-ticket-info` shows, the
 * day's slots per product with what is left, in every language at once (the screen cycles through them).
 * Answers an ETag; `If-None-Match` with the current one answers 304, so polling every 2 s costs little.
 */
export const signageSlotSchema = z.object({
  id: z.number().int(),
  /** Tokyo wall-clock times, `2026-11-23T10:00:00+09:00`. */
  start: z.string(),
  end: z.string(),
  capacity: z.number().int(),
  remaining: z.number().int(),
  /** `closed`: past its sale cut-off or taken off sale; `sold_out`: nothing left. */
  status: z.enum(['open', 'sold_out', 'closed']),
});
export const signageProductSchema = z.object({
  uuid: z.string(),
  product_type: z.enum(['period', 'date', 'time']),
  names: localizedTextSchema,
  slots: z.array(signageSlotSchema),
});
export const signageTodaySchema = z.object({
  /** The Tokyo date, yyyy-MM-dd. */
  date: z.string(),
  products: z.array(signageProductSchema),
});
export type SignageToday = z.infer<typeof signageTodaySchema>;
export type SignageSlot = z.infer<typeof signageSlotSchema>;

/** Polled with If-None-Match: an unchanged answer is a bodiless 304. */
export const signageTodayEndpoint = defineEndpoint('signageToday', {
  responses: { 200: signageTodaySchema, 304: z.null() },
});
