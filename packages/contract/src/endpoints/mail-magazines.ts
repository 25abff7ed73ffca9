import { z } from 'zod';
import { tokenParamsSchema } from '../validation/storable-text.ts';
import { defineEndpoint } from '../endpoint.ts';

/** Path parameter of `/mailmagazines/{token}`: the unsubscribe token from a mail (128-bit random, base64url). */
export const mailMagazineParamsSchema = tokenParamsSchema;

/** The two magazines of the order form (spec §3 order-form fields), by their field names. */
export const MAIL_MAGAZINE_FIELDS = ['mail_magazine', 'teamlab_mail_magazine'] as const;
export const mailMagazineFieldSchema = z.enum(MAIL_MAGAZINE_FIELDS);
export type MailMagazineField = z.infer<typeof mailMagazineFieldSchema>;

/**
 * GET /api/v1/mailmagazines/{token}: which magazines the address of this token still receives (true = on).
 * An unknown token is 404 `record not found`, which the client ignores (spec §7). PUT answers the same shape
 * after the change.
 */
export const mailMagazineSubscriptionSchema = z.object({
  mail_magazine: z.boolean(),
  teamlab_mail_magazine: z.boolean(),
});
export type MailMagazineSubscription = z.infer<typeof mailMagazineSubscriptionSchema>;

/**
 * PUT /api/v1/mailmagazines/{token} `{ field_name }`: stops that magazine for the address. A magazine that
 * is already off answers 409 `mail magazine already unsubscribed`.
 */
export const unsubscribeMailMagazineBodySchema = z.object({ field_name: mailMagazineFieldSchema });
export type UnsubscribeMailMagazineBody = z.infer<typeof unsubscribeMailMagazineBodySchema>;

export const mailMagazineEndpoint = defineEndpoint('mailMagazine', {
  params: mailMagazineParamsSchema,
  responses: { 200: mailMagazineSubscriptionSchema },
});
export const unsubscribeMailMagazineEndpoint = defineEndpoint('unsubscribeMailMagazine', {
  params: mailMagazineParamsSchema,
  body: unsubscribeMailMagazineBodySchema,
  responses: { 200: mailMagazineSubscriptionSchema },
});
