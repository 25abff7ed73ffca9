import { z } from 'zod';
import { storableText, tokenSchema } from '../validation/storable-text.ts';
import { secretToken } from '../secret.ts';
import { defineEndpoint } from '../endpoint.ts';
import { siteCodeSchema } from '../enum-schemas.ts';

/*
 * The gateways' returns and notifications (ADR 026-028), at the server's root. Their callers are the
 * gateways and browsers coming back from them, so the shapes are the gateways'; they are here so that every
 * route is defined in one place (ADR 050). The SPA never calls them. Secret values (ADR 049): the payment
 * number answers the reservation (GET /payment-results/{id}); d払い's state and code are the login's, Stripe's
 * PaymentIntent answers the reservation too.
 */

// GMO-PG (ADR 026): 3-D Secure and wallets come back by GET or POST; the result notification posts a form.
const gmoReturnParamsSchema = z.object({
  paymentNumber: secretToken(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)),
});
/** What a gateway posts or appends: short text fields only, storable as they are kept with the attempt. */
export const gmoGatewayFieldsSchema = z.record(storableText().max(64), storableText().max(512));
const gmoNotificationSchema = gmoGatewayFieldsSchema.pipe(
  z.object({ AccessID: z.string().max(64), OrderID: z.string().max(64) }).catchall(z.string()),
);
const gmoReturn = { params: gmoReturnParamsSchema, responses: {} } as const;
export const gmo3dsReturnGetEndpoint = defineEndpoint('gmo3dsReturnGet', gmoReturn);
export const gmo3dsReturnPostEndpoint = defineEndpoint('gmo3dsReturnPost', gmoReturn);
export const gmoPaypayReturnGetEndpoint = defineEndpoint('gmoPaypayReturnGet', gmoReturn);
export const gmoPaypayReturnPostEndpoint = defineEndpoint('gmoPaypayReturnPost', gmoReturn);
export const alipayReturnGetEndpoint = defineEndpoint('alipayReturnGet', gmoReturn);
export const alipayReturnPostEndpoint = defineEndpoint('alipayReturnPost', gmoReturn);
/** Answers `0` (received) as text. */
export const gmoNotifyEndpoint = defineEndpoint('gmoNotify', { body: gmoNotificationSchema, responses: {} });

// Stripe (ADR 028): the browser's return after 3-D Secure, and the signed webhook (verified over the raw text).
const stripeReturnParamsSchema = z.object({
  paymentNumber: secretToken(z.string().regex(/^[A-Za-z0-9_-]{10,64}$/)),
});
const stripeReturnQuerySchema = z.object({
  payment_intent: secretToken(z.string().regex(/^pi_\w{1,200}$/)),
  payment_intent_client_secret: secretToken(z.string().max(300)).optional(),
  redirect_status: z.string().max(40).optional(),
});
export const stripeReturnEndpoint = defineEndpoint('stripeReturn', {
  params: stripeReturnParamsSchema,
  query: stripeReturnQuerySchema,
  responses: {},
});
const stripeWebhookBodySchema = z.string().max(256 * 1024);
const stripeWebhookAnswerSchema = z.object({ received: z.literal(true), settled: z.boolean() });
export const stripeWebhookEndpoint = defineEndpoint('stripeWebhook', {
  body: stripeWebhookBodySchema,
  responses: { 200: stripeWebhookAnswerSchema },
});
/** A site's own Stripe account's events (ADR 125); `:site` is the site code the account pays for. */
export const stripeSiteWebhookEndpoint = defineEndpoint('stripeSiteWebhook', {
  params: z.object({ site: siteCodeSchema }),
  body: stripeWebhookBodySchema,
  responses: { 200: stripeWebhookAnswerSchema },
});

// d払い (ADR 028): back from the carrier's login, the payment page's result form, the notification.
const dpayPaymentNumberSchema = z.object({
  paymentNumber: secretToken(z.string().regex(/^[A-Za-z0-9_-]{10,64}$/)),
});
// Storable text throughout: what the carrier sends is looked up in or kept by the database.
const dpayLoginReturnQuerySchema = z.object({
  state: secretToken(storableText().min(1).max(200)),
  code: secretToken(storableText().min(1).max(200)).optional(),
  error: storableText().max(100).optional(),
  error_description: storableText().max(500).optional(),
});
export const dpayLoginReturnEndpoint = defineEndpoint('dpayLoginReturn', {
  params: dpayPaymentNumberSchema,
  query: dpayLoginReturnQuerySchema,
  responses: {},
});
export const dpayResultReturnEndpoint = defineEndpoint('dpayResultReturn', {
  params: dpayPaymentNumberSchema,
  body: z.record(storableText().max(100), storableText().max(2000)),
  responses: {},
});
export const dpayNotifyEndpoint = defineEndpoint('dpayNotify', {
  body: z.object({ s_cptok: secretToken(storableText().min(1).max(200)) }).loose(),
  responses: {},
});

// SoftBank Payment Service (ADR 027): our hand-off page and its script, the notification, the returns.
const sbpsPaymentParamsSchema = z.object({ paymentNumber: secretToken(tokenSchema) });
const sbpsReturnParamsSchema = z.object({
  paymentNumber: secretToken(tokenSchema),
  result: z.enum(['success', 'cancel', 'error']),
});
export type SbpsReturnParams = z.infer<typeof sbpsReturnParamsSchema>;
export const sbpsAutoSubmitScriptEndpoint = defineEndpoint('sbpsAutoSubmitScript', { responses: {} });
export const sbpsPurchaseEndpoint = defineEndpoint('sbpsPurchase', {
  params: sbpsPaymentParamsSchema,
  responses: {},
});
/** The gateway's form fields: flat strings (the hash check decides whether they are the gateway's). */
export const sbpsNotificationEndpoint = defineEndpoint('sbpsNotification', {
  body: z.record(z.string().max(64), z.string().max(2000)),
  responses: {},
});
export const sbpsReturnPostEndpoint = defineEndpoint('sbpsReturnPost', {
  params: sbpsReturnParamsSchema,
  responses: {},
});
export const sbpsReturnGetEndpoint = defineEndpoint('sbpsReturnGet', {
  params: sbpsReturnParamsSchema,
  responses: {},
});
