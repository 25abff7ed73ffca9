import { SIMULATOR_TEST_CARDS } from '@kippu/contract';

/**
 * The gateway simulator's test cards (README "Payments and the gateway simulator", ADR 017). Any expiry
 * in the future, any 3- or 4-digit security code and any holder name work with them. A card number not
 * listed here (numbers: the contract's SIMULATOR_TEST_CARDS) is refused at authorisation (the gateway's card-number error), so the simulator never
 * "accepts" a real card.
 */
export type CardBehaviour =
  | 'success'
  | 'decline'
  | 'insufficient_funds'
  | 'expired_card'
  /** 3-D Secure challenge on 3-D Secure methods (gmo_3ds); a plain success without 3-D Secure. */
  | 'challenge'
  /** The charge is taken but the gateway's answer never arrives: the server must ask for the status. */
  | 'timeout'
  | 'unknown_card';

export const TEST_CARDS: Readonly<Record<string, Exclude<CardBehaviour, 'unknown_card'>>> = {
  [SIMULATOR_TEST_CARDS.visa]: 'success',
  [SIMULATOR_TEST_CARDS.mastercard]: 'success',
  [SIMULATOR_TEST_CARDS.jcb]: 'success',
  [SIMULATOR_TEST_CARDS.decline]: 'decline',
  [SIMULATOR_TEST_CARDS.insufficientFunds]: 'insufficient_funds',
  [SIMULATOR_TEST_CARDS.expiredCard]: 'expired_card',
  [SIMULATOR_TEST_CARDS.challenge]: 'challenge',
  [SIMULATOR_TEST_CARDS.timeout]: 'timeout',
};

/** The gateway's ErrInfo for each refusing behaviour (GMO-PG style card-company codes). */
export const DECLINE_CODES = {
  decline: '42G220000',
  insufficient_funds: '42G020000',
  expired_card: '42G830000',
  unknown_card: '42G650000',
} as const satisfies Partial<Record<CardBehaviour, string>>;

/** 'YYMM' → true when the card's month is over (the card is valid through its last day). */
export function expiryHasPassed(expire: string, now: Date = new Date()): boolean {
  const year = 2000 + Number(expire.slice(0, 2));
  const month = Number(expire.slice(2, 4));
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  return year < thisYear || (year === thisYear && month < thisMonth);
}

export function behaviourOf(cardNumber: string, expire: string, now: Date = new Date()): CardBehaviour {
  if (expiryHasPassed(expire, now)) return 'expired_card';
  return TEST_CARDS[cardNumber] ?? 'unknown_card';
}

/** The gateway's masking: first six and last four digits kept. */
export function maskCardNumber(cardNumber: string): string {
  return cardNumber.slice(0, 6) + '*'.repeat(Math.max(0, cardNumber.length - 10)) + cardNumber.slice(-4);
}
