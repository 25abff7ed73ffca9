import { z } from 'zod';
import { secretToken } from '../secret.ts';
import { defineEndpoint } from '../endpoint.ts';
import { orderTokenParamsSchema } from './orders.ts';

/**
 * d払い (carrier billing, ADR 028), spec §7. Both take the order's token as {id} and live under the site's
 * path (not /api/v1): `/{site}/d-account/v1/auth/{id}`, `/{site}/d-pay/v1/scptok/{id}`.
 */

/**
 * GET /d-account/v1/auth/{id}: the OpenID-Connect-style authorisation request for the carrier's login.
 * The browser keeps `state` as dPayStateCode and checks it on return; `authorization_endpoint` is where
 * these go as query parameters (the carrier's login, or the simulator's).
 */
export const dpayAuthResponseSchema = z.object({
  response_type: z.literal('code'),
  scope: z.string(),
  client_id: z.string(),
  redirect_uri: z.string(),
  state: secretToken(z.string()),
  nonce: secretToken(z.string()),
  prompt: z.string(),
  authif: z.string(),
  authorization_endpoint: z.string(),
});
export type DpayAuthResponse = z.infer<typeof dpayAuthResponseSchema>;

/** GET /d-pay/v1/scptok/{id}: the payment token the browser posts (form) to `request_url`. */
export const dpayScptokResponseSchema = z.object({
  s_terkn: z.string(),
  s_spcd: z.string(),
  s_cptok: secretToken(z.string()),
  request_url: z.string(),
});
export type DpayScptokResponse = z.infer<typeof dpayScptokResponseSchema>;

/** The d_pay fields of the browser's form post, in the order the carrier lists them. */
export const DPAY_FORM_FIELDS = ['s_terkn', 's_spcd', 's_cptok'] as const;

export const dpayAuthEndpoint = defineEndpoint('dpayAuth', {
  params: orderTokenParamsSchema,
  responses: { 200: dpayAuthResponseSchema },
});
export const dpayScptokEndpoint = defineEndpoint('dpayScptok', {
  params: orderTokenParamsSchema,
  responses: { 200: dpayScptokResponseSchema },
});
