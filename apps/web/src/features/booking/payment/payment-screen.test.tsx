import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  paymentMethodsResponseSchema,
  type PaymentMethodItem,
} from '@kippu/contract/endpoints/payment-methods';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useDialogStore } from '../../../shared/stores/dialog-store.ts';
import { fakeApi, ok } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { checkoutConfiguration, temporaryOrder } from '../checkout-page/test-doubles.ts';
import PaymentScreen from '../screens/payment-screen.tsx';
import type { Multipayment, TokenCard, TokenResult } from '../../../shared/payments/card-token.ts';

const TOKEN = 'order-token-1';
// Each test loads "its own" gateway script: the loader keeps one per URL for the page's lifetime.
let scriptUrl = '';
let scriptCount = 0;

beforeEach(() => {
  scriptCount += 1;
  scriptUrl = `/simulator/gmo/ext/js/token-${scriptCount}.js`;
  // Pin the clock (Date only; timers stay real for the user events): June 2030 in Tokyo.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-06-15T03:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete window.Multipayment;
});

const methods = (): PaymentMethodItem[] =>
  paymentMethodsResponseSchema.parse([
    { payment_method_type: 'gmo_paypay', name: 'PayPay', display_position: 5 },
    {
      payment_method_type: 'gmo_3ds',
      name: 'Credit card (3-D Secure)',
      display_position: 2,
      token_script_url: scriptUrl,
      shop_id: 'tshop_test_borderless',
      test_mode: true,
    },
    {
      payment_method_type: 'gmo',
      name: 'Credit card',
      display_position: 3,
      token_script_url: scriptUrl,
      shop_id: 'tshop_test_borderless',
      test_mode: false,
    },
    { payment_method_type: 'free', name: 'No payment needed (free)', display_position: 4 },
  ]);

const heading = (name: string) => ({ element: <h1>{name}</h1> });
const ROUTES: RouteObject[] = [
  { path: '/payment', element: <PaymentScreen /> },
  { path: '/confirm', ...heading('Confirm page') },
  { path: '/order', ...heading('Order page') },
];

async function openPayment(options: { price?: number; items?: PaymentMethodItem[]; path?: string } = {}) {
  const api = fakeApi({
    'GET paymentmethods': ok(options.items ?? methods()),
    [`GET orders/${TOKEN}`]: ok(temporaryOrder({ price: options.price ?? 7600 })),
  });
  useCoreStore.setState({ orderToken: TOKEN, configuration: checkoutConfiguration() });
  const rendered = await renderRoutes(ROUTES, options.path ?? '/payment');
  await screen.findByText('Amount to pay');
  return { ...rendered, api };
}

/** A stand-in for the gateway's token script: records what it was given and answers `result`. */
function fakeGateway(result: TokenResult) {
  const seen: { shopId?: string; card?: TokenCard } = {};
  const multipayment: Multipayment = {
    init: (shopId) => (seen.shopId = shopId),
    getToken: (card, callback) => {
      seen.card = card;
      setTimeout(() => callback(result), 0);
    },
  };
  return { seen, multipayment };
}

/** The page's <script> for the token script: "loads" with `multipayment` defined, or fails. */
async function answerScript(outcome: Multipayment | 'error') {
  const script = await waitFor(() => {
    const found = document.head.querySelector<HTMLScriptElement>(`script[src="${scriptUrl}"]`);
    if (!found) throw new Error('the token script was not requested');
    return found;
  });
  if (outcome === 'error') {
    script.dispatchEvent(new Event('error'));
  } else {
    window.Multipayment = outcome;
    script.dispatchEvent(new Event('load'));
  }
}

async function enterCard(card: { number: string; month: string; year: string; cvc: string; name: string }) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Card number' }), card.number);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), card.month);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), card.year);
  await user.type(screen.getByRole('textbox', { name: 'Security code' }), card.cvc);
  await user.type(screen.getByRole('textbox', { name: 'Name on card' }), card.name);
  return user;
}

const GOOD_CARD = {
  number: '4111 1111 1111 1111',
  month: '07',
  year: '2031',
  cvc: '123',
  name: 'TARO YAMADA',
};

describe('payment screen', () => {
  it('offers the card methods of the site in order, with the amount and the test-mode hint', async () => {
    await openPayment();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeTruthy();
    // The amount closes the order summary; the ticket line above it shows the same ¥7,600.
    expect(screen.getByText('Amount to pay').nextElementSibling?.textContent).toBe('¥7,600');
    const group = screen.getByRole('group', { name: 'Payment method' });
    // PayPay (a wallet: its own page follows confirm) is offered; free is for zero totals only.
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')!.textContent),
    ).toEqual(['Credit card (3-D Secure)', 'Credit card', 'PayPay']);
    expect(within(group).getByRole('radio', { name: 'Credit card (3-D Secure)' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByText('Test mode')).toBeTruthy();
    const hint = screen.getByText(/4111 1111 1111 1111/).textContent!.replace(/\s/g, ' ');
    expect(hint).toContain('4000 0000 0000 0002');
    // The plain card here is a real gateway (test_mode false): no hint.
    await userEvent.click(within(group).getByRole('radio', { name: 'Credit card' }));
    expect(screen.queryByText('Test mode')).toBeNull();
  });

  it('checks the card by the spec §5 rules before anything is sent to the gateway', async () => {
    await openPayment();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Continue to confirmation' }));
    const number = screen.getByRole('textbox', { name: 'Card number' });
    expect(document.activeElement).toBe(number);
    const errorOf = (element: HTMLElement) =>
      document.getElementById(element.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent;
    expect(errorOf(number)).toBe('Card number is required.');
    expect(errorOf(screen.getByRole('textbox', { name: 'Name on card' }))).toBe('Name on card is required.');
    expect(errorOf(screen.getByRole('combobox', { name: 'Month' }))).toBe('Expiry date is required.');

    await user.type(number, '4111');
    expect(errorOf(number)).toBe('Card number must be at least 14 characters.');
    await user.type(number, '-1111-1111-1111');
    expect(number.getAttribute('aria-invalid')).toBe('false');

    const name = screen.getByRole('textbox', { name: 'Name on card' });
    await user.type(name, 'TARO');
    expect(errorOf(name)).toBe('Enter the first and last name separated by a space (e.g. TARO YAMADA).');
    await user.type(name, ' YAMADA3');
    expect(errorOf(name)).toBe('Enter the cardholder name in Latin letters and spaces, up to 30 characters.');

    // May 2030 is over in June 2030 (Tokyo).
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), '05');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2030');
    const month = screen.getByRole('combobox', { name: 'Month' });
    expect(errorOf(month)).toBe('This card has expired.');
    await user.selectOptions(month, '06');
    expect(month.getAttribute('aria-invalid')).toBe('false');
    expect(document.head.querySelector(`script[src="${scriptUrl}"]`)).toBeNull();
  });

  it('turns the card into a token through the gateway script and saves only the token for confirm', async () => {
    const { router, api } = await openPayment();
    const user = await enterCard(GOOD_CARD);
    await user.click(screen.getByRole('button', { name: 'Continue to confirmation' }));
    expect(screen.getByRole('button', { name: 'Continue to confirmation' })).toHaveProperty('disabled', true);

    const gateway = fakeGateway({
      resultCode: '000',
      tokenObject: {
        token: ['tok_one_time_1'],
        toBeExpiredAt: '2030-06-15 12:30',
        maskedCardNo: '411111******1111',
        isSecurityCodeSet: true,
      },
    });
    await answerScript(gateway.multipayment);
    expect(await screen.findByRole('heading', { name: 'Confirm page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/confirm');
    expect(gateway.seen).toEqual({
      shopId: 'tshop_test_borderless',
      card: { cardno: '4111111111111111', expire: '3107', securitycode: '123', holdername: 'TARO YAMADA' },
    });
    expect(useCoreStore.getState().savedPayment).toEqual({
      method: 'gmo_3ds',
      token: 'tok_one_time_1',
      maskedCardNo: '411111******1111',
    });
    // The card went to the gateway only: our API saw no write at all.
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
    expect(JSON.stringify(sessionStorage)).not.toContain('4111111111111111');
  });

  it('shows the card dialog when the gateway refuses the card, and the visitor can try again', async () => {
    const { router } = await openPayment();
    const user = await enterCard(GOOD_CARD);
    await user.click(screen.getByRole('button', { name: 'Continue to confirmation' }));
    await answerScript(fakeGateway({ resultCode: '130' }).multipayment);
    await waitFor(() => expect(useDialogStore.getState().dialogs).toHaveLength(1));
    expect(useDialogStore.getState().dialogs[0]).toMatchObject({
      titleKey: 'payment_card_error_title',
      textKey: 'payment_card_error_text',
    });
    expect(router.state.location.pathname).toBe('/payment');
    expect(useCoreStore.getState().savedPayment).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue to confirmation' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('tells the visitor when the gateway script cannot be loaded, and loads it again on the next try', async () => {
    await openPayment();
    const user = await enterCard(GOOD_CARD);
    await user.click(screen.getByRole('button', { name: 'Continue to confirmation' }));
    await answerScript('error');
    await waitFor(() =>
      expect(useDialogStore.getState().dialogs[0]?.titleKey).toBe('payment_gateway_error_title'),
    );
    expect(document.head.querySelector(`script[src="${scriptUrl}"]`)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Continue to confirmation' }));
    const gateway = fakeGateway({
      resultCode: '000',
      tokenObject: {
        token: ['tok_2'],
        toBeExpiredAt: '',
        maskedCardNo: '411111******1111',
        isSecurityCodeSet: true,
      },
    });
    await answerScript(gateway.multipayment);
    expect(await screen.findByRole('heading', { name: 'Confirm page' })).toBeTruthy();
  });

  it('continues with free, without any card, when the order totals nothing', async () => {
    await openPayment({ price: 0 });
    expect(screen.getByText('This order is free of charge, so no payment is needed.')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Card number' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to confirmation' }));
    expect(await screen.findByRole('heading', { name: 'Confirm page' })).toBeTruthy();
    expect(useCoreStore.getState().savedPayment).toEqual({ method: 'free' });
  });

  it('keeps the chosen method on a return from confirm, with the card to enter again', async () => {
    useCoreStore.setState({
      savedPayment: { method: 'gmo', token: 'old', maskedCardNo: '411111******1111' },
    });
    await openPayment({ path: '/payment?ref=c' });
    expect(screen.getByRole('radio', { name: 'Credit card' })).toHaveProperty('checked', true);
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveProperty('value', '');
  });

  it('says so when the site has no method this screen can take', async () => {
    const items = paymentMethodsResponseSchema.parse([
      { payment_method_type: 'stripe', name: 'Stripe without keys', display_position: 1 },
    ]);
    await openPayment({ items });
    expect(
      screen.getByText('Online payment is not available for this order. Please contact the venue.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue to confirmation' })).toBeNull();
  });

  it('sends a visitor without an order back to the order page', async () => {
    fakeApi({});
    const { router } = await renderRoutes(ROUTES, '/payment');
    await screen.findByRole('heading', { name: 'Order page' });
    expect(router.state.location.pathname).toBe('/order');
  });
});
