import { PAYMENT_METHOD_KINDS, PAYMENT_METHODS, type PaymentMethod } from '@kippu/contract/enums';
import type { CheckoutBody } from '@kippu/contract/endpoints/checkout';

/** What the payment screen saved (core state `savedPayment`): the method, and for a card its one-time token. */
export type PaymentChoice = {
  method: PaymentMethod;
  token?: string;
  maskedCardNo?: string;
  /** The fraud-screening script's device session, sent with the token (ADR 101). */
  deviceSessionId?: string;
};

/**
 * A method the web pays with: the counter's cash and card terminal are staff-side (issue 29), a partner's
 * on-account payment is the partner API's (issue 30), never a visitor's.
 */
const isPaymentMethod = (value: unknown): value is PaymentMethod =>
  typeof value === 'string' &&
  (PAYMENT_METHODS as readonly string[]).includes(value) &&
  !['cash', 'terminal', 'account'].includes(PAYMENT_METHOD_KINDS[value as PaymentMethod]);
const optionalText = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The saved payment page, if it holds a method (stored data may come from an older version of the page). */
export function savedPaymentChoice(saved: Record<string, unknown> | null): PaymentChoice | null {
  if (!saved || !isPaymentMethod(saved.method)) return null;
  return {
    method: saved.method,
    token: optionalText(saved.token),
    maskedCardNo: optionalText(saved.maskedCardNo),
    deviceSessionId: optionalText(saved.deviceSessionId),
  };
}

/**
 * How this order is paid. A total of 0 (a coupon may have brought it there after the payment step) needs
 * no payment: `free`. A total above 0 needs a paying method; if `free` was chosen while the total was 0 and a
 * coupon has since been removed, the visitor must choose again (null).
 */
export function effectivePayment(total: number, saved: PaymentChoice | null): PaymentChoice | null {
  if (total === 0) return { method: 'free' };
  return saved && saved.method !== 'free' ? saved : null;
}

/** The checkout body: the method, and the card token and its masked number where there are any. */
export function checkoutBody(payment: PaymentChoice): CheckoutBody {
  return {
    payment_method_type: payment.method,
    ...(payment.token ? { token: payment.token } : {}),
    ...(payment.maskedCardNo ? { masked_card_number: payment.maskedCardNo } : {}),
    ...(payment.deviceSessionId ? { device_session_id: payment.deviceSessionId } : {}),
  };
}
