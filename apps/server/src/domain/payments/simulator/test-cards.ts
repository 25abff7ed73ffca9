/**
 * The gateway simulator's test cards (README "Payments and the gateway simulator", ADR 017). Any expiry
 * in the future, any 3- or 4-digit security code and any holder name work with them. A card number not
 * listed here is refused at authorisation (the gateway's card-number error), so the simulator never
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
  '4111111111111111': 'success',
  '5555555555554444': 'success',
  '3530111333300000': 'success',
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000003220': 'challenge',
  '4000000000000119': 'timeout',
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
