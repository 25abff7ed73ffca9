import { GatewayUnavailableError } from '../../domain/payments/payment-provider.ts';

/**
 * The carrier's server calls Kippu makes for d払い (ADR 028), one interface for the real carrier (HTTP to
 * DPAY_API_URL) and the built-in simulator (in process):
 *  - token: the authorisation code from the login (OpenID-Connect style) for an access token;
 *  - paymentToken: with it, a one-time payment token (s_cptok) for an amount and our order id, plus the
 *    terminal number, shop code and the URL of the carrier's payment page the browser posts them to;
 *  - status: what became of the payment of an order id; refund: give its money back.
 */
export type DpayPaymentStatus = 'created' | 'paid' | 'declined' | 'canceled' | 'refunded' | 'not_found';

export interface DpayPaymentToken {
  s_terkn: string;
  s_spcd: string;
  s_cptok: string;
  request_url: string;
}

export interface DpayTransport {
  token(input: { code: string; redirectUri: string }): Promise<{ accessToken: string } | { error: string }>;
  paymentToken(input: {
    accessToken: string;
    orderRef: string;
    amount: number;
    returnUrl: string;
  }): Promise<DpayPaymentToken | { error: string }>;
  status(orderRef: string): Promise<DpayPaymentStatus>;
  /** Gives `amount` back (all that is left or a part); the same refund id twice gives back once (ADR 077). */
  refund(
    orderRef: string,
    request: { amount: number; refundId: string },
  ): Promise<{ ok: true; refundId: string } | { ok: false; code: string }>;
}

/** The merchant's side of the carrier's configuration (the environment, or the simulator's own). */
export interface DpayMerchant {
  authorizationUrl: string;
  clientId: string;
  clientSecret: string;
  terminalId: string;
  shopCode: string;
}

/** The real carrier over HTTP: JSON answers, the client credentials in Basic auth. */
export function httpDpayTransport(apiUrl: string, merchant: DpayMerchant, timeoutMs: number): DpayTransport {
  const basic = `Basic ${Buffer.from(`${merchant.clientId}:${merchant.clientSecret}`).toString('base64')}`;
  async function call<T>(path: string, init: RequestInit & { auth?: string } = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetch(new URL(path, apiUrl), {
        ...init,
        headers: { authorization: init.auth ?? basic, ...(init.headers as Record<string, string>) },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new GatewayUnavailableError(`d払い ${path}: ${(error as Error).message}`, { cause: error });
    }
    if (response.status >= 500) throw new GatewayUnavailableError(`d払い ${path}: HTTP ${response.status}`);
    return (await response.json()) as T;
  }
  return {
    token: ({ code, redirectUri }) =>
      call<{ access_token?: string; error?: string }>('token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
        }).toString(),
      }).then((answer) =>
        answer.access_token
          ? { accessToken: answer.access_token }
          : { error: answer.error ?? 'invalid_grant' },
      ),
    paymentToken: ({ accessToken, orderRef, amount, returnUrl }) =>
      call<DpayPaymentToken | { error: string }>('scptok', {
        method: 'POST',
        auth: `Bearer ${accessToken}`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          s_terkn: merchant.terminalId,
          s_spcd: merchant.shopCode,
          order_id: orderRef,
          amount,
          return_url: returnUrl,
        }),
      }),
    status: (orderRef) =>
      call<{ status: DpayPaymentStatus }>(`payments/${encodeURIComponent(orderRef)}`).then(
        (answer) => answer.status,
      ),
    refund: (orderRef, { amount, refundId }) =>
      call<{ ok: boolean; code?: string }>(`payments/${encodeURIComponent(orderRef)}/refund`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ amount, refund_id: refundId }),
      }).then((answer) =>
        answer.ok ? { ok: true, refundId } : { ok: false, code: answer.code ?? 'refund_refused' },
      ),
  };
}
