import type { LangCode } from '@kippu/contract/enums';
import { CardTokenError, type CardToken } from './card-token.ts';

/**
 * Stripe.js (https://js.stripe.com/v3 with real keys, the simulator's copy in test mode): the card is typed
 * into Stripe's card Element and becomes a PaymentMethod at Stripe; our API only ever sees its id (pm_…).
 *
 *   const stripe = Stripe(publishableKey, { locale })
 *   const card = stripe.elements({ locale }).create('card'); card.mount(node)
 *   stripe.createPaymentMethod({ type: 'card', card, billing_details: { name } })
 */

export type StripeCardElement = {
  mount(node: HTMLElement): void;
  destroy(): void;
  focus(): void;
  on(
    event: 'change' | 'ready',
    handler: (event: { complete?: boolean; error?: { message: string } }) => void,
  ): void;
};
type PaymentMethodResult =
  | { paymentMethod: { id: string; card?: { last4?: string } } }
  | { error: { type?: string; code?: string; message?: string } };
export type StripeJs = {
  elements(options?: { locale?: string }): { create(type: 'card', options?: object): StripeCardElement };
  createPaymentMethod(data: {
    type: 'card';
    card: StripeCardElement;
    billing_details?: { name?: string };
  }): Promise<PaymentMethodResult>;
};

declare global {
  interface Window {
    Stripe?: (publishableKey: string, options?: { locale?: string }) => StripeJs;
  }
}

/** Stripe's locale for each of our languages (its Element speaks them all). */
export const STRIPE_LOCALES: Record<LangCode, string> = {
  ja: 'ja',
  en: 'en',
  'zh-hans': 'zh',
  kr: 'ko',
  'zh-hant': 'zh-TW',
  th: 'th',
};

let loading: { url: string; promise: Promise<NonNullable<Window['Stripe']>> } | null = null;

/** Loads Stripe.js once; a failed load is forgotten so the next attempt loads it again. */
export function loadStripeJs(url: string): Promise<NonNullable<Window['Stripe']>> {
  if (loading?.url === url) return loading.promise;
  const promise = new Promise<NonNullable<Window['Stripe']>>((resolve, reject) => {
    if (window.Stripe) return resolve(window.Stripe);
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.addEventListener('load', () =>
      window.Stripe ? resolve(window.Stripe) : reject(new CardTokenError('gateway')),
    );
    script.addEventListener('error', () => {
      script.remove();
      reject(new CardTokenError('gateway'));
    });
    document.head.append(script);
  });
  loading = { url, promise };
  promise.catch(() => {
    loading = null;
  });
  return promise;
}

/** The card Element's PaymentMethod: its id is the checkout token; the masked number shows on confirm. */
export async function createStripePaymentMethod(
  stripe: StripeJs,
  card: StripeCardElement,
  name: string,
): Promise<CardToken> {
  let result: PaymentMethodResult;
  try {
    result = await stripe.createPaymentMethod({ type: 'card', card, billing_details: { name: name.trim() } });
  } catch {
    throw new CardTokenError('gateway');
  }
  if ('error' in result) {
    // Card and validation errors are the card's; anything else is Stripe's own trouble.
    const cardProblem = result.error.type === 'card_error' || result.error.type === 'validation_error';
    throw new CardTokenError(cardProblem ? 'card' : 'gateway', result.error.code);
  }
  const last4 = result.paymentMethod.card?.last4 ?? '';
  return { token: result.paymentMethod.id, maskedCardNo: `************${last4}` };
}
