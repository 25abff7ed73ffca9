import type { DpayAuthResponse, DpayScptokResponse } from '@kippu/contract/endpoints/dpay';
import { api } from '../../../../shared/api/api-client.ts';

/*
 * The d払い calls live under the site's path, not /api/v1 (spec §7): `/{site}/d-account/v1/auth/{id}` and
 * `/{site}/d-pay/v1/scptok/{id}`, reached from the API client's base (`./api/v1/`) two levels up.
 */
const SITE_ROOT = '../../';
const order = (orderToken: string) => encodeURIComponent(orderToken);

/** GET /d-account/v1/auth/{orderToken}: the authorisation request for the carrier's login. */
export async function getDpayAuth(orderToken: string): Promise<DpayAuthResponse> {
  const { data } = await api.get<DpayAuthResponse>(`${SITE_ROOT}d-account/v1/auth/${order(orderToken)}`);
  return data;
}

/** GET /d-pay/v1/scptok/{orderToken}: the payment token to post to the carrier's payment page. */
export async function getDpayPaymentToken(orderToken: string): Promise<DpayScptokResponse> {
  const { data } = await api.get<DpayScptokResponse>(`${SITE_ROOT}d-pay/v1/scptok/${order(orderToken)}`);
  return data;
}
