import type { DpayAuthResponse, DpayScptokResponse } from '@kippu/contract/endpoints/dpay';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../../../../shared/api/api-client.ts';

/*
 * The d払い calls live under the site's path, not /api/v1 (spec §7): `/{site}/d-account/v1/auth/{id}` and
 * `/{site}/d-pay/v1/scptok/{id}` (their routes' mount is `site`).
 */

/** GET /d-account/v1/auth/{orderToken}: the authorisation request for the carrier's login. */
export async function getDpayAuth(orderToken: string): Promise<DpayAuthResponse> {
  const { data } = await api.call(ROUTES.dpayAuth, { params: { id: orderToken } });
  return data;
}

/** GET /d-pay/v1/scptok/{orderToken}: the payment token to post to the carrier's payment page. */
export async function getDpayPaymentToken(orderToken: string): Promise<DpayScptokResponse> {
  const { data } = await api.call(ROUTES.dpayScptok, { params: { id: orderToken } });
  return data;
}
