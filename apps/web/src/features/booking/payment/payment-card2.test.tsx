import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  paymentMethodsResponseSchema,
  type PaymentMethodItem,
} from '@kippu/contract/endpoints/payment-methods';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { fakeApi, ok } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { checkoutConfiguration, temporaryOrder } from '../checkout-page/test-doubles.ts';
import PaymentScreen from '../screens/payment-screen.tsx';
import type { Card2, Card2ThreeDs } from '../../../shared/payments/card2-token.ts';
import type { DeviceFingerprint } from '../../../shared/payments/device-fingerprint.ts';
import { checkoutBody, savedPaymentChoice } from '../confirm/payment-choice.ts';

/**
 * The card method of a site whose settings declare a second card processor and a fraud-screening script
 * (issue 32 items 2 and 3, ADR 101): the fingerprint script loads with the payment screen, runs before the
 * card is tokenised, and its device session goes with the processor's token to checkout.
 */
const TOKEN = 'order-token-card2';
let run = 0;
let urls = { token: '', threeDs: '', fingerprint: '' };

beforeEach(() => {
  run += 1;
  urls = {
    token: `/simulator/card2/token-${run}.js`,
    threeDs: `/simulator/card2/3ds-${run}.js`,
    fingerprint: `/simulator/fingerprint-${run}.js`,
  };
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-06-15T03:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  delete window.Card2;
  delete window.Card2ThreeDs;
  delete window.DeviceFingerprint;
});

const methods = (fingerprint: boolean): PaymentMethodItem[] =>
  paymentMethodsResponseSchema.parse([
    {
      payment_method_type: 'gmo_3ds',
      name: 'Credit card (3-D Secure)',
      display_position: 1,
      token_script_url: urls.token,
      shop_id: 'test-card2-merchant-softbank',
      test_mode: true,
      card_processor: 'card2',
      three_ds_script_url: urls.threeDs,
      ...(fingerprint ? { fingerprint_script_url: urls.fingerprint } : {}),
    },
  ]);

const ROUTES: RouteObject[] = [
  { path: '/payment', element: <PaymentScreen /> },
  { path: '/confirm', element: <h1>Confirm page</h1> },
];

async function openPayment(fingerprint = true) {
  fakeApi({
    'GET paymentmethods': ok(methods(fingerprint)),
    [`GET orders/${TOKEN}`]: ok(temporaryOrder({ price: 7600 })),
  });
  useCoreStore.setState({ orderToken: TOKEN, configuration: checkoutConfiguration(), savedPayment: null });
  await renderRoutes(ROUTES, '/payment');
  await screen.findByText('Amount to pay');
}

const scriptOf = (src: string) => document.head.querySelector<HTMLScriptElement>(`script[src="${src}"]`);

/** The page's <script> for `src` "loads", having defined what `define` sets. */
async function answerScript(src: string, define: () => void) {
  const script = await waitFor(() => {
    const found = scriptOf(src);
    if (!found) throw new Error(`${src} was not requested`);
    return found;
  });
  define();
  script.dispatchEvent(new Event('load'));
}

async function enterCard() {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4111 1111 1111 1111');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), '07');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2031');
  await user.type(screen.getByRole('textbox', { name: 'Security code' }), '123');
  await user.type(screen.getByRole('textbox', { name: 'Name on card' }), 'TARO YAMADA');
  return user;
}

describe('payment screen: second card processor and fingerprint script', () => {
  it('loads the fingerprint script with the screen, profiles before tokenising, and saves the session with the token', async () => {
    await openPayment();
    // Loaded on the payment screen, before any card is entered.
    await waitFor(() => expect(scriptOf(urls.fingerprint)).not.toBeNull());
    const order: string[] = [];
    await answerScript(urls.fingerprint, () => {
      window.DeviceFingerprint = {
        profile: (callback) => {
          order.push('fingerprint');
          callback('sess0123456789abcdef01');
        },
      } satisfies DeviceFingerprint;
    });
    const user = await enterCard();
    await user.click(screen.getByRole('button', { name: 'Continue to confirmation' }));

    const seen: { merchantId?: string; card?: unknown; collected?: string } = {};
    await answerScript(urls.token, () => {
      const card2: Card2 = {
        init: (config) => {
          seen.merchantId = config.merchantId;
          return card2;
        },
        getToken: (card, callback) => {
          order.push('token');
          seen.card = card;
          setTimeout(
            () => callback({ result: 'ok', token: 'c2tok_one', maskedCardNo: '411111******1111' }),
            0,
          );
        },
      };
      window.Card2 = card2;
    });
    await answerScript(urls.threeDs, () => {
      window.Card2ThreeDs = {
        collect: (token, callback) => {
          order.push('3ds');
          seen.collected = token;
          callback(true);
        },
      } satisfies Card2ThreeDs;
    });
    expect(await screen.findByRole('heading', { name: 'Confirm page' })).toBeTruthy();
    expect(order).toEqual(['fingerprint', 'token', '3ds']);
    expect(seen).toEqual({
      merchantId: 'test-card2-merchant-softbank',
      card: { number: '4111111111111111', expiry: '3107', cvc: '123', holder: 'TARO YAMADA' },
      collected: 'c2tok_one',
    });
    const saved = useCoreStore.getState().savedPayment;
    expect(saved).toEqual({
      method: 'gmo_3ds',
      token: 'c2tok_one',
      maskedCardNo: '411111******1111',
      deviceSessionId: 'sess0123456789abcdef01',
    });
    // The confirm screen's checkout sends the session with the token.
    expect(checkoutBody(savedPaymentChoice(saved as Record<string, unknown>)!)).toEqual({
      payment_method_type: 'gmo_3ds',
      token: 'c2tok_one',
      masked_card_number: '411111******1111',
      device_session_id: 'sess0123456789abcdef01',
    });
  });

  it('loads no fingerprint script on a site that declares none', async () => {
    await openPayment(false);
    const user = await enterCard();
    await user.click(screen.getByRole('button', { name: 'Continue to confirmation' }));
    await answerScript(urls.token, () => {
      const card2: Card2 = {
        init: () => card2,
        getToken: (_card, callback) => callback({ result: 'ok', token: 'c2tok_two', maskedCardNo: '4111' }),
      };
      window.Card2 = card2;
    });
    await answerScript(urls.threeDs, () => {
      window.Card2ThreeDs = { collect: (_token, callback) => callback(true) };
    });
    expect(await screen.findByRole('heading', { name: 'Confirm page' })).toBeTruthy();
    expect(scriptOf(urls.fingerprint)).toBeNull();
    expect(useCoreStore.getState().savedPayment).not.toHaveProperty('deviceSessionId');
  });
});
