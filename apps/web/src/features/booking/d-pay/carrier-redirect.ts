import {
  DPAY_FORM_FIELDS,
  type DpayAuthResponse,
  type DpayScptokResponse,
} from '@kippu/contract/endpoints/dpay';
import { leaveForGateway } from '../../../shared/payments/leave-for-gateway.ts';

/** The carrier's login URL: its endpoint with the authorisation request as query parameters. */
export function authorizationUrl(auth: DpayAuthResponse): string {
  const { authorization_endpoint: endpoint, ...request } = auth;
  const url = new URL(endpoint, document.baseURI);
  for (const [key, value] of Object.entries(request)) url.searchParams.set(key, value);
  return url.href;
}

/** Goes to the carrier's login. */
export function leaveForCarrierLogin(auth: DpayAuthResponse): void {
  leaveForGateway(authorizationUrl(auth));
}

/**
 * Posts the payment token to the carrier's payment page (a form post, as the carrier requires): the page
 * is left for the carrier, which posts the result back to our server.
 */
export function postToCarrier(token: DpayScptokResponse): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = new URL(token.request_url, document.baseURI).href;
  form.hidden = true;
  for (const name of DPAY_FORM_FIELDS) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = token[name];
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
