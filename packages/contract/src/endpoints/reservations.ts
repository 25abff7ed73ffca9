import { z } from 'zod';
import { storableText, tokenParamsSchema } from '../validation/storable-text.ts';
import { emailAddressSchema } from './email.ts';
import { secretToken } from '../secret.ts';
import { defineEndpoint } from '../endpoint.ts';

/** Path parameter of reservation calls: the reservation token (128-bit random, base64url). */
export const reservationTokenParamsSchema = tokenParamsSchema;

/** GET /api/v1/reservations?email=&reservation_number= (rate-limited against guessing). */
export const reservationLookupQuerySchema = z.object({
  // Together they open the reservation (the answer is its token): never logged.
  email: secretToken(emailAddressSchema),
  reservation_number: secretToken(storableText().trim().min(1).max(32)),
});
export const reservationLookupResponseSchema = z.object({ reservation_token: secretToken(z.string()) });
export type ReservationLookupResponse = z.infer<typeof reservationLookupResponseSchema>;

export const reservationLookupEndpoint = defineEndpoint('reservationLookup', {
  query: reservationLookupQuerySchema,
  responses: { 200: reservationLookupResponseSchema },
});
