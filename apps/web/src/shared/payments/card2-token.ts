import {
  CardTokenError,
  cardDigits,
  gatewayExpiry,
  TOKEN_TIMEOUT_MS,
  type CardEntry,
  type CardToken,
} from './card-token.ts';
import { loadScriptOnce } from './script-once.ts';

/**
 * The second and third card processors' browser scripts (ADR 101; the simulator's /simulator/card2/…):
 *
 *   Card2.init({ merchantId }).getToken({ number, expiry: 'YYMM', cvc, holder }, callback)
 *   Card2ThreeDs.collect(token, callback)   // 3-D Secure 2's device data for the token
 */
type Card2TokenAnswer =
  | { result: 'ok'; token: string; maskedCardNo: string }
  | { result: 'invalid'; field: string }
  | { result: 'error' };
export type Card2 = {
  init(config: { merchantId: string }): Card2;
  getToken(
    card: { number: string; expiry: string; cvc: string; holder: string },
    callback: (answer: Card2TokenAnswer) => void,
  ): void;
};
export type Card2ThreeDs = { collect(token: string, callback: (sent: boolean) => void): void };

declare global {
  interface Window {
    Card2?: Card2;
    Card2ThreeDs?: Card2ThreeDs;
  }
}

/**
 * A one-time token from the site's second/third processor, its 3-D Secure script (when the method has one)
 * given the browser's device data for it first: without it the issuer challenges every card. A refused card
 * is the visitor's to correct (`card`); a script or processor out of reach is `gateway`.
 */
export async function createCard2Token(
  gateway: { scriptUrl: string; shopId: string; threeDsScriptUrl?: string },
  card: CardEntry,
): Promise<CardToken> {
  const card2 = await loadScriptOnce(gateway.scriptUrl, () => window.Card2).catch(() => {
    throw new CardTokenError('gateway');
  });
  const answer = await new Promise<Card2TokenAnswer>((resolve, reject) => {
    const timer = setTimeout(() => reject(new CardTokenError('gateway')), TOKEN_TIMEOUT_MS);
    card2.init({ merchantId: gateway.shopId }).getToken(
      {
        number: cardDigits(card.number),
        expiry: gatewayExpiry(card.month, card.year),
        cvc: card.securityCode,
        holder: card.name.trim(),
      },
      (result) => {
        clearTimeout(timer);
        resolve(result);
      },
    );
  });
  if (answer?.result === 'invalid') throw new CardTokenError('card', answer.field);
  if (answer?.result !== 'ok') throw new CardTokenError('gateway');
  if (gateway.threeDsScriptUrl) {
    // Best effort, as 3-D Secure 2's method step is: unsent, the issuer challenges instead.
    const threeDs = await loadScriptOnce(gateway.threeDsScriptUrl, () => window.Card2ThreeDs).catch(
      () => null,
    );
    if (threeDs) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, TOKEN_TIMEOUT_MS);
        threeDs.collect(answer.token, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
  return { token: answer.token, maskedCardNo: answer.maskedCardNo };
}
