/**
 * GMO-PG's server protocol (the "idPass" interface) as the simulated gateway speaks it: each call is a
 * form-encoded POST to `{base}/payment/{Api}.idPass` and answers a form-encoded line, `AccessID=..` on
 * success or `ErrCode=E01|E01&ErrInfo=E01040010|E01060010` on failure. The server has its own client of
 * it; the simulator keeps its own copy of the wire format, as another company's gateway would (ADR 060),
 * so the server's encoder is checked against a reader it does not share.
 */
export const GMO_APIS = [
  'EntryTran',
  'ExecTran',
  'AlterTran',
  'ChangeTran',
  'SearchTrade',
  'SecureTran2',
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

/** One call and the gateway's answer: the shape of the server's GMO transport. */
export type GmoTransport = (api: GmoApi, params: GmoParams) => Promise<GmoParams>;

export function encodeGmo(params: GmoParams): string {
  return new URLSearchParams(params).toString();
}

export function decodeGmo(body: string): GmoParams {
  return Object.fromEntries(new URLSearchParams(body.trim()));
}

/** An error answer in the gateway's shape. */
export function gmoErrorAnswer(...errInfos: string[]): GmoParams {
  return { ErrCode: errInfos.map((info) => info.slice(0, 3)).join('|'), ErrInfo: errInfos.join('|') };
}
