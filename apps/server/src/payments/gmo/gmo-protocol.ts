import { GatewayUnavailableError } from '../../domain/payments/payment-provider.ts';

/**
 * GMO-PG's server protocol (the "idPass" interface): each call is a form-encoded POST to
 * `{base}/payment/{Api}.idPass` and answers a form-encoded line, `AccessID=..&AccessPass=..` on success or
 * `ErrCode=E01|E01&ErrInfo=E01040010|E01060010` on failure. The real gateway and the built-in simulator
 * speak exactly this, so switching between them is configuration (ADR 017).
 */
export const GMO_APIS = [
  'EntryTran',
  'ExecTran',
  'AlterTran',
  // A lower amount for a taken trade: GMO's way to give part of a sale back (ADR 077).
  'ChangeTran',
  'SearchTrade',
  // 3-D Secure 2: completes a card trade after the challenge returned (AccessID, AccessPass).
  'SecureTran2',
  // Wallets (PayPay, Alipay): entry, execution (→ StartURL + Token for the browser), status, refund.
  'EntryTranPaypay',
  'ExecTranPaypay',
  'PaypayCancelReturn',
  'EntryTranAlipay',
  'ExecTranAlipay',
  'AlipayCancelReturn',
  'SearchTradeMulti',
] as const;
export type GmoApi = (typeof GMO_APIS)[number];

export type GmoParams = Record<string, string>;

/** Sends one call and answers the gateway's fields. Throws GatewayUnavailableError when the outcome is unknown. */
export type GmoTransport = (api: GmoApi, params: GmoParams) => Promise<GmoParams>;

export function encodeGmo(params: GmoParams): string {
  return new URLSearchParams(params).toString();
}

export function decodeGmo(body: string): GmoParams {
  return Object.fromEntries(new URLSearchParams(body.trim()));
}

/** The first ErrInfo of an error answer (the gateway lists one per problem, joined by `|`), or null. */
export function gmoError(answer: GmoParams): string | null {
  if (!answer.ErrCode && !answer.ErrInfo) return null;
  return (answer.ErrInfo ?? answer.ErrCode ?? 'unknown').split('|')[0]!;
}

/** An error answer in the gateway's shape. */
export function gmoErrorAnswer(...errInfos: string[]): GmoParams {
  return { ErrCode: errInfos.map((info) => info.slice(0, 3)).join('|'), ErrInfo: errInfos.join('|') };
}

/** The transport to a gateway over HTTP (the real GMO-PG, or the simulator's HTTP face). */
export function httpGmoTransport(baseUrl: string, timeoutMs: number): GmoTransport {
  const base = baseUrl.replace(/\/+$/, '');
  return async (api, params) => {
    let response: Response;
    try {
      response = await fetch(`${base}/payment/${api}.idPass`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: encodeGmo(params),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new GatewayUnavailableError(`GMO ${api}: no answer`, { cause: error });
    }
    if (!response.ok) throw new GatewayUnavailableError(`GMO ${api}: HTTP ${response.status}`);
    return decodeGmo(await response.text());
  };
}
