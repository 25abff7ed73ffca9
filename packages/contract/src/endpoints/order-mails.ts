import { z } from 'zod';
import { langCodeSchema } from '../enum-schemas.ts';
import { tokenParamsSchema } from '../validation/storable-text.ts';
import { secretToken } from '../secret.ts';
import { defineEndpoint } from '../endpoint.ts';

/**
 * Path parameter of `/ordermails/{id}`: the order token for POST, the mail token (from the mailed link)
 * for GET. Both are 128-bit random, base64url.
 */
export const orderMailParamsSchema = tokenParamsSchema;

/**
 * POST /api/v1/ordermails/{orderToken}: sends the mail-confirmation link to the e-mail address of the
 * order's customer info (stored by PUT /orders first). `lang` is the language of the mail; other fields
 * the client sends along are ignored.
 */
export const sendOrderMailBodySchema = z.looseObject({ lang: langCodeSchema });
export type SendOrderMailBody = z.infer<typeof sendOrderMailBodySchema>;

/** 201: the link went to `email` (the client shows it on the mail-sent screen). */
export const sendOrderMailResponseSchema = z.object({
  order_token: secretToken(z.string()),
  email: z.string(),
});
export type SendOrderMailResponse = z.infer<typeof sendOrderMailResponseSchema>;

/**
 * GET /api/v1/ordermails/{mailToken}: follows a mailed link. A mail-confirmation link confirms the address
 * and readies the order for payment; an invitation link (isOnlyStartMailConfirm sites) holds the invited
 * tickets as a new temporary order. Answers the order to continue with; following a link again answers the
 * same order while it is open.
 */
export const confirmOrderMailResponseSchema = z.object({ order_token: secretToken(z.string()) });
export type ConfirmOrderMailResponse = z.infer<typeof confirmOrderMailResponseSchema>;

export const sendOrderMailEndpoint = defineEndpoint('sendOrderMail', {
  params: orderMailParamsSchema,
  body: sendOrderMailBodySchema,
  responses: { 201: sendOrderMailResponseSchema },
});
/** A GET that changes state: the server sheds it as a write under overload (ADR 049). */
export const confirmOrderMailEndpoint = defineEndpoint('confirmOrderMail', {
  params: orderMailParamsSchema,
  responses: { 200: confirmOrderMailResponseSchema },
});
