import type { CallbackAnswer } from '@kippu/contract/endpoints/checkout';
import type { ConfirmCheckoutBody } from '@kippu/contract/endpoints/confirm-checkout';
import { ROUTES } from '@kippu/contract/routes';
import { api, describeCall } from '../../../../shared/api/api-client.ts';

/** Confirming waits for the gateway like checkout: 240 000 ms (spec §7, §9). */
export const CONFIRM_TIMEOUT_MS = 240_000;

/** How the API client names this call, for the error navigation of a dialog the screen opens itself. */
export const CONFIRM_CALL = describeCall(ROUTES.confirmCheckout);

/**
 * POST /orders/confirmcheckout: the server asks the gateway and answers like checkout. A failed 3-D Secure
 * check answers the spec's failure fields and a refused card the catalogue's error alone: the screen
 * chooses the dialog (use-confirm-sbps3ds.ts), so none here.
 */
export async function confirmCheckout(body: ConfirmCheckoutBody): Promise<CallbackAnswer> {
  // Safe to repeat (the route says so): the server joins the attempt or answers its outcome again (ADR 047).
  const { data } = await api.call(ROUTES.confirmCheckout, {
    body,
    timeout: CONFIRM_TIMEOUT_MS,
    noErrorDialog: true,
  });
  return data;
}
