import { PAYMENT_FLOWS, type PaymentFlow } from '@kippu/contract/enums';

/**
 * The flow a payment callback's URL names (`?flow=`): the server's return routes add it, decided from the
 * attempt's order as the callback answers are (ADR 059, amendments). Null when the URL names none. Here in
 * shared/ rather than beside the callback screens because the app's error navigation reads it too, and the
 * screens' module would pull their endpoint schemas (zod) into the first screen's download.
 */
export function callbackFlow(params: URLSearchParams): PaymentFlow | null {
  const flow = params.get('flow');
  return (PAYMENT_FLOWS as readonly string[]).includes(flow ?? '') ? (flow as PaymentFlow) : null;
}
