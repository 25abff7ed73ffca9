/**
 * The card gateway's token script (GMO-PG's `token.js`, or the built-in simulator's copy of it): the card
 * goes from the browser to the gateway, which answers a one-time token; our API only ever sees the token.
 *
 *   Multipayment.init(shopId)
 *   Multipayment.getToken({ cardno, expire: 'YYMM', securitycode, holdername }, callback)
 */

type TokenObject = {
  token: string[];
  toBeExpiredAt: string;
  maskedCardNo: string;
  isSecurityCodeSet: boolean;
};
export type TokenResult = { resultCode: string; tokenObject?: TokenObject };
export type TokenCard = {
  cardno: string;
  expire: string;
  securitycode: string;
  holdername: string;
  tokennumber?: number;
};
export type Multipayment = {
  init(shopId: string): void;
  getToken(card: TokenCard, callback: (result: TokenResult) => void): void;
};

declare global {
  interface Window {
    Multipayment?: Multipayment;
  }
}

/**
 * Why no token came: `card` when the gateway refused the card data (its 1xx result codes: number, expiry,
 * security code, name), `gateway` when the script or the gateway could not be reached (9xx, load failure,
 * no answer).
 */
export class CardTokenError extends Error {
  override readonly name = 'CardTokenError';
  constructor(
    readonly reason: 'card' | 'gateway',
    readonly resultCode?: string,
  ) {
    super(`card token: ${reason}${resultCode ? ` (${resultCode})` : ''}`);
  }
}

/** The gateway answers within seconds; past this the visitor is told to try again rather than wait on. */
export const TOKEN_TIMEOUT_MS = 30_000;

const scripts = new Map<string, Promise<Multipayment>>();

/** Loads a token script once per URL; a failed load is forgotten so the next attempt loads it again. */
export function loadTokenScript(url: string): Promise<Multipayment> {
  const known = scripts.get(url);
  if (known) return known;
  const loading = new Promise<Multipayment>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.addEventListener('load', () => {
      if (window.Multipayment) resolve(window.Multipayment);
      else reject(new CardTokenError('gateway'));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new CardTokenError('gateway'));
    });
    document.head.append(script);
  });
  scripts.set(url, loading);
  loading.catch(() => scripts.delete(url));
  return loading;
}

/** What the visitor typed. The number may carry spaces or hyphens as printed on the card. */
export type CardEntry = { number: string; month: string; year: string; securityCode: string; name: string };

/** Card number digits only: "4111 1111-1111 1111" → "4111111111111111". */
export const cardDigits = (number: string) => number.replace(/[\s-]/g, '');

/** The gateway's expiry: two-digit year and month, 'YYMM'. */
export const gatewayExpiry = (month: string, year: string) => `${year.slice(-2)}${month.padStart(2, '0')}`;

/** A one-time card token and the masked number to show on the confirm screen. */
export type CardToken = { token: string; maskedCardNo: string };

/** Turns the card into a token through the gateway script at `scriptUrl`, initialised with `shopId`. */
export async function createCardToken(
  gateway: { scriptUrl: string; shopId: string },
  card: CardEntry,
): Promise<CardToken> {
  const multipayment = await loadTokenScript(gateway.scriptUrl);
  multipayment.init(gateway.shopId);
  return new Promise<CardToken>((resolve, reject) => {
    const timer = setTimeout(() => reject(new CardTokenError('gateway')), TOKEN_TIMEOUT_MS);
    multipayment.getToken(
      {
        cardno: cardDigits(card.number),
        expire: gatewayExpiry(card.month, card.year),
        securitycode: card.securityCode,
        holdername: card.name.trim(),
      },
      (result) => {
        clearTimeout(timer);
        const code = typeof result?.resultCode === 'string' ? result.resultCode : '';
        const token = result?.tokenObject?.token?.[0];
        if (code === '000' && token) {
          resolve({ token, maskedCardNo: result.tokenObject!.maskedCardNo });
        } else {
          // 1xx: the gateway refused the card data; anything else is the gateway's own trouble.
          reject(new CardTokenError(code.startsWith('1') ? 'card' : 'gateway', code || undefined));
        }
      },
    );
  });
}
