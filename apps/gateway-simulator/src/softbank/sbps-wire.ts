import { createHash, timingSafeEqual } from 'node:crypto';
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * SoftBank Payment Service (SBPS) link-type protocol shape (ADR 027). The browser form-POSTs the purchase
 * request to the gateway's purchase page; the gateway POSTs the result notification to our `pagecon_url`
 * (server to server, answered `OK,` or `NG,<reason>`) and sends the browser back to `success_url`,
 * `cancel_url` or `error_url`. Every message carries `sps_hashcode`: SHA-1 (hex) over the values of its
 * fields in the documented order, concatenated, followed by the merchant's hash key, in UTF-8.
 * The simulator's own copy, as the gateway's side of the protocol (the server signs and verifies with its
 * own: ADR 060), so a field order or hash the server gets wrong fails against it.
 */

/** The purchase request's fields, in hash order (the link type's "購入要求"; detail rows not used). */
export const PURCHASE_FIELDS = [
  'pay_method',
  'merchant_id',
  'service_id',
  'cust_code',
  'sps_cust_no',
  'sps_payment_no',
  'order_id',
  'item_id',
  'pay_item_id',
  'item_name',
  'tax',
  'amount',
  'pay_type',
  'auto_charge_type',
  'service_type',
  'div_settele',
  'last_charge_month',
  'camp_type',
  'tracking_id',
  'terminal_type',
  'success_url',
  'cancel_url',
  'error_url',
  'pagecon_url',
  'free1',
  'free2',
  'free3',
  'free_csv',
  'request_date',
  'limit_second',
] as const;

/** The result's fields (notification and browser return), in hash order. */
export const RESULT_FIELDS = [
  'pay_method',
  'merchant_id',
  'service_id',
  'cust_code',
  'sps_cust_no',
  'sps_payment_no',
  'order_id',
  'item_id',
  'pay_item_id',
  'item_name',
  'tax',
  'amount',
  'pay_type',
  'auto_charge_type',
  'service_type',
  'div_settele',
  'last_charge_month',
  'camp_type',
  'tracking_id',
  'terminal_type',
  'free1',
  'free2',
  'free3',
  'request_date',
  'res_pay_method',
  'res_result',
  'res_tracking_id',
  'res_sps_cust_no',
  'res_sps_payment_no',
  'res_payinfo_key',
  'res_payment_date',
  'res_err_code',
  'res_date',
  'limit_second',
] as const;

/** The status query's fields (API "決済結果参照", XML over HTTPS), in hash order. */
export const STATUS_FIELDS = ['merchant_id', 'service_id', 'order_id', 'request_date'] as const;

export type SbpsFields = Record<string, string>;

/** `res_result`: OK (paid), NG (refused or failed), CR (the visitor cancelled on the gateway's page). */
export type SbpsResult = 'OK' | 'NG' | 'CR';

/**
 * `res_err_code`s by which the gateway says a credit3d payment's 3-D Secure authentication failed or could
 * not be done, as opposed to a card the card company refused: the visitor is told the check failed, not
 * that the card was declined. The simulator's code; the real gateway's 3-D Secure codes (SBPS's error code
 * list) belong here too before it is connected.
 */
export const SBPS_3DS_FAILURE_CODES: readonly string[] = ['G3D'];

/** SHA-1 hex over the fields' values in `order` (a missing field counts as empty) and the hash key. */
export function spsHashcode(fields: SbpsFields, order: readonly string[], hashKey: string): string {
  const message = order.map((name) => fields[name] ?? '').join('') + hashKey;
  return createHash('sha1').update(message, 'utf8').digest('hex');
}

/** The fields plus their `sps_hashcode`. */
export function signFields(fields: SbpsFields, order: readonly string[], hashKey: string): SbpsFields {
  return { ...fields, sps_hashcode: spsHashcode(fields, order, hashKey) };
}

/** Whether `sps_hashcode` matches the fields and the key (constant-time compare). */
export function verifyFields(fields: SbpsFields, order: readonly string[], hashKey: string): boolean {
  const given = Buffer.from((fields.sps_hashcode ?? '').toLowerCase(), 'utf8');
  const expected = Buffer.from(spsHashcode(fields, order, hashKey), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The gateway's time format: Japan time, yyyyMMddHHmmss. */
export function sbpsDate(at: Date = new Date()): string {
  return new Date(at.getTime() + 9 * 3600 * 1000).toISOString().slice(0, 19).replace(/[-T:]/g, '');
}

const xmlBuilder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  suppressEmptyNode: false,
});
const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  ignoreDeclaration: true,
  // Every value stays the text the gateway wrote: `0010` is a code, not the number 10, and spaces count
  // in the hash.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Character references (`&#x3042;`) as well as the five predefined entities.
  htmlEntities: true,
});

/** A flat XML document of the API's shape: `<sps-api-request id="...">` with one element per field. */
export function encodeSbpsXml(root: 'sps-api-request' | 'sps-api-response', id: string, fields: SbpsFields) {
  return xmlBuilder.build({
    '?xml': { '@version': '1.0', '@encoding': 'UTF-8' },
    [root]: { '@id': id, ...fields },
  }) as string;
}

type XmlNode = string | { [name: string]: XmlNode | XmlNode[] };

/** Every leaf element's text under `node`, at any depth (a repeated name keeps its last value). */
function collectLeaves(node: XmlNode, into: SbpsFields): void {
  if (typeof node === 'string') return;
  for (const [name, value] of Object.entries(node)) {
    if (name.startsWith('@') || name === '#text') continue;
    for (const element of Array.isArray(value) ? value : [value]) {
      if (typeof element === 'string') into[name] = element;
      else if (Object.keys(element).every((key) => key.startsWith('@') || key === '#text'))
        into[name] = typeof element['#text'] === 'string' ? element['#text'] : '';
      else collectLeaves(element, into);
    }
  }
}

/**
 * An API document's root `id` (the API it calls or answers) and its leaf elements by name, or null when
 * it is not well-formed XML with one root element (a gateway error page, a cut answer).
 */
export function readSbpsXml(xml: string): { id: string; fields: SbpsFields } | null {
  if (XMLValidator.validate(xml) !== true) return null;
  const roots = Object.entries(xmlParser.parse(xml) as Record<string, XmlNode>).filter(
    ([name]) => !name.startsWith('?') && name !== '#text',
  );
  if (roots.length !== 1) return null;
  const root = roots[0]![1];
  const fields: SbpsFields = {};
  collectLeaves(root, fields);
  const id = typeof root === 'object' && typeof root['@id'] === 'string' ? root['@id'] : '';
  return { id, fields };
}

/** The leaf elements of an API document (empty when it is not well-formed XML). */
export function decodeSbpsXml(xml: string): SbpsFields {
  return readSbpsXml(xml)?.fields ?? {};
}

/** The status query's API id (決済結果参照要求). */
export const STATUS_API_ID = 'MG01-00101-101';

/** The refund API's id (取消返金要求): all that is left. */
export const REFUND_API_ID = 'ST02-00303-101';

/** The partial refund API's id (部分返金要求): `pay_option_manage/amount` of the payment (ADR 077). */
export const PARTIAL_REFUND_API_ID = 'ST02-00307-101';

/** The partial refund's fields in hash order (the amount read from inside pay_option_manage). */
export const PARTIAL_REFUND_FIELDS = [
  'merchant_id',
  'service_id',
  'tracking_id',
  'amount',
  'request_date',
] as const;

/** `res_status` of the status query: the payment's state at the gateway. */
export const SBPS_STATUS = {
  waiting: '0',
  paid: '1',
  refused: '2',
  cancelled: '3',
  refunded: '9',
} as const;

/** A merchant's SBPS identity: the ids it is known by and the key its messages are hashed with. */
export interface SbpsMerchant {
  merchantId: string;
  serviceId: string;
  hashKey: string;
}
