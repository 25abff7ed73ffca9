import { z } from 'zod';
import { storableText, tokenParamsSchema } from '../validation/storable-text.ts';
import { emailAddressSchema } from './email.ts';

/** Path parameter of reservation calls: the reservation token (128-bit random, base64url). */
export const reservationTokenParamsSchema = tokenParamsSchema;

/** GET /api/v1/reservations?email=&reservation_number= (rate-limited against guessing). */
export const reservationLookupQuerySchema = z.object({
  email: emailAddressSchema,
  reservation_number: storableText().trim().min(1).max(32),
});
export const reservationLookupResponseSchema = z.object({ reservation_token: z.string() });
export type ReservationLookupResponse = z.infer<typeof reservationLookupResponseSchema>;
