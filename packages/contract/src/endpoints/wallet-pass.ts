import { z } from 'zod';
import { numericIdSchema } from './catalogue-common.ts';
import { langCodeSchema } from '../enum-schemas.ts';
import { tokenSchema } from '../validation/storable-text.ts';
import { secretToken } from '../secret.ts';
import { defineEndpoint } from '../endpoint.ts';

/**
 * GET /api/v1/reservations/{reservationToken}/tickets/{ticketId}/wallet.pkpass?lang=: one ticket as an Apple
 * Wallet pass (`application/vnd.apple.pkpass`, a download), in `lang` or else Japanese. `reservationToken` is
 * the holder's or a companion's (shared) token. Answers only when the server has Wallet certificates, which
 * the ticket response tells with `apple_wallet` (ADR 025).
 */
export const walletPassParamsSchema = z.object({
  id: secretToken(tokenSchema),
  ticketId: numericIdSchema,
});
export type WalletPassParams = z.infer<typeof walletPassParamsSchema>;

export const walletPassQuerySchema = z.object({ lang: langCodeSchema.default('ja') });
export type WalletPassQuery = z.infer<typeof walletPassQuerySchema>;

/** One ticket's Apple Wallet pass (a download, not JSON). */
export const walletPassEndpoint = defineEndpoint('walletPass', {
  params: walletPassParamsSchema,
  query: walletPassQuerySchema,
  responses: {},
});
