import type { LangCode } from './enums.ts';

/**
 * The Stripe simulator's test cards (README "Payments and the gateway simulator", ADR 028): Stripe's own
 * test numbers, so the same cards work against a real Stripe test account. Any future expiry, any 3-digit
 * CVC. 3-D Secure is passed or failed on the simulator's challenge page (as on Stripe's test page).
 */
export const STRIPE_TEST_CARDS = {
  success: '4242424242424242',
  mastercard: '5555555555554444',
  decline: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expiredCard: '4000000000000069',
  /** Always asks for 3-D Secure (method `stripe` too); `stripe_secure` asks for every card. */
  challenge: '4000002760003184',
  /** Paid, but the API's answer is lost (a time-out): the server finds the PaymentIntent and completes. */
  timeout: '4000000000000119',
  /** Paid, but a refund of it fails (to test the late-payment refund failure). */
  refundFails: '4000000000005126',
} as const;

/**
 * The d払い simulator's test accounts (the carrier login page offers them): what a payment made by each
 * does. Any password.
 */
export const DPAY_TEST_ACCOUNTS = {
  success: 'docomo-ok',
  decline: 'docomo-decline',
  insufficientFunds: 'docomo-limit',
} as const;

/**
 * How the simulator's card Element (its Stripe.js) labels its three inputs, per page language, as Stripe
 * localises its own Element: number, expiry, security code. The script and the browser journeys read them
 * from here.
 */
export const STRIPE_SIMULATOR_ELEMENT_LABELS: Record<LangCode, readonly [string, string, string]> = {
  ja: ['カード番号', '有効期限 (MM / YY)', 'セキュリティコード'],
  en: ['Card number', 'Expiration date (MM / YY)', 'Security code'],
  'zh-hans': ['卡号', '有效期 (MM / YY)', '安全码'],
  kr: ['카드 번호', '유효기간 (MM / YY)', '보안 코드'],
  'zh-hant': ['卡號', '有效期限 (MM / YY)', '安全碼'],
  th: ['หมายเลขบัตร', 'วันหมดอายุ (MM / YY)', 'รหัสความปลอดภัย'],
};
