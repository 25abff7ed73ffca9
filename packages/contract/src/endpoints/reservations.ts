import { z } from 'zod';
import { emailAddressSchema } from './email.ts';

/** Path parameter of reservation calls: the reservation token (128-bit random, base64url). */
export const reservationTokenParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** GET /api/v1/reservations?email=&reservation_number= (rate-limited against guessing). */
export const reservationLookupQuerySchema = z.object({
  email: emailAddressSchema,
  reservation_number: z.string().trim().min(1).max(32),
});
export const reservationLookupResponseSchema = z.object({ reservation_token: z.string() });
export type ReservationLookupResponse = z.infer<typeof reservationLookupResponseSchema>;
