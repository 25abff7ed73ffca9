import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LangCode } from '@kippu/contract/enums';
import { checkoutResponseSchema } from '@kippu/contract/endpoints/checkout';
import { gtmResponseSchema } from '@kippu/contract/endpoints/gtm';
import type { OrderCoupon } from '@kippu/contract/endpoints/order-coupons';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../../../shared/api/api-client.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useDialogStore } from '../../../shared/stores/dialog-store.ts';
import { useToastStore } from '../../../shared/stores/toast-store.ts';
import { fakeApi, ok, serverError, type FakeReply } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { checkoutConfiguration } from '../checkout-page/test-doubles.ts';
import ConfirmScreen from '../screens/confirm-screen.tsx';
import { readCompleteData } from '../../../shared/purchase/complete-data.ts';
import { CHECKOUT_TIMEOUT_MS } from './api/confirm-calls.ts';
import { COUPON, orderToConfirm } from './confirm-test-doubles.ts';
import { leaveForGateway } from '../../../shared/payments/leave-for-gateway.ts';

vi.mock('../../../shared/payments/leave-for-gateway.ts', () => ({ leaveForGateway: vi.fn() }));

const TOKEN = 'order-token-1';
const CARD = { method: 'gmo', token: 'tok_simulated_1', maskedCardNo: '************4242' };

const GTM = gtmResponseSchema.parse({
  reservation_number: 'K7QX2M9P',
  currency: 'JPY',
  total_price: 9600,
  total_quantity: 3,
  discount: 0,
  items: [
    { sku: '812-Adult', name: 'Adult', price: 3800, quantity: 2 },
    { sku: '812-Child', name: 'Child', price: 1500, quantity: 1 },
  ],
});
const RESERVED = checkoutResponseSchema.parse({
  status: 'reserved',
  reservation_token: 'reservation-token-1',
  reservation_number: 'K7QX2M9P',
});

/** The server's order with the coupons applied so far; the price follows them as the server computes it. */
function orderServer(
  extra: Record<string, FakeReply | ((call: { body: unknown }) => FakeReply | Promise<FakeReply>)> = {},
) {
  let coupons: OrderCoupon[] = [];
  const api = fakeApi({
    [`GET orders/${TOKEN}`]: () =>
      ok(orderToConfirm({ coupons, price: 9600 - coupons.reduce((sum, c) => sum + c.coupon_discount, 0) })),
    [`POST ordercoupons/${TOKEN}`]: () => {
      coupons = [COUPON];
      return ok(COUPON);
    },
    [`DELETE ordercoupons/${TOKEN}/${COUPON.id}`]: () => {
      coupons = [];
      return ok({ coupons });
    },
    ...extra,
  });
  return api;
}

async function renderConfirm(lang: LangCode = 'en') {
  return renderRoutes(
    [
      { path: '/confirm', element: <ConfirmScreen /> },
      { path: '/complete', element: <p>Complete page</p> },
    ],
    '/confirm',
    lang,
  );
}

const checkoutButton = () => screen.getByRole('button', { name: /Complete purchase|Processing/ });

beforeEach(() => {
  useCoreStore.setState({
    configuration: checkoutConfiguration(),
    orderToken: TOKEN,
    savedOrder: { productOptions: [] },
    savedSignIn: { name: 'Hanako Yamada' },
    savedPayment: { ...CARD },
    paymentMethods: [{ payment_method_type: 'gmo', name: 'Credit card', display_position: 1 }],
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(leaveForGateway).mockClear();
  delete window.dataLayer;
});

describe('the confirm screen', () => {
  it('summarises tickets, details, payment and totals, with change links back to each step', async () => {
    orderServer();
    await renderConfirm();
    expect(screen.getByRole('heading', { level: 1, name: 'Review your order' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Booking steps' })).toBeTruthy();

    const tickets = within(await screen.findByRole('region', { name: 'Tickets' }));
    expect(tickets.getByText('Timed entry ticket')).toBeTruthy();
    expect(tickets.getByText('Tue, Dec 01, 2026')).toBeTruthy();
    expect(tickets.getByText('10:00 - 10:30')).toBeTruthy();
    const lines = tickets.getByRole('list', { name: 'Ticket types' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Adult × 2¥7,600', 'Child × 1¥1,500']);
    expect(tickets.getByRole('list', { name: 'Add-ons' }).textContent).toBe('Audio guide × 1¥500');

    const details = within(screen.getByRole('region', { name: 'Your details' }));
    expect(details.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Full name',
      'Email address',
      'Gender',
      'Send me news and special offers by email',
    ]);
    expect(details.getByText('Full name').nextSibling?.textContent).toBe('Hanako Yamada');
    expect(details.getByText('Gender').nextSibling?.textContent).toBe('Woman');
    expect(details.getByText('Send me news and special offers by email').nextSibling?.textContent).toBe(
      'Yes',
    );

    const payment = within(screen.getByRole('region', { name: 'Payment method' }));
    expect(payment.getByText('Credit card')).toBeTruthy();
    expect(payment.getByText('Card ending in 4242')).toBeTruthy();

    const amount = within(screen.getByRole('region', { name: 'Amount to pay' }));
    expect(amount.getByText('Subtotal').nextSibling?.textContent).toBe('¥9,600');
    expect(amount.getByText('Total').nextSibling?.textContent).toBe('¥9,600');

    const hrefs = ['Change tickets', 'Change your details', 'Change payment method'].map((name) =>
      screen.getByRole('link', { name }).getAttribute('href'),
    );
    expect(hrefs).toEqual(['/order?ref=c', '/sign-in?ref=c', '/payment?ref=c']);
  });

  it('shows the date, time and prices in the visitor’s language', async () => {
    const api = orderServer();
    await renderConfirm('ja');
    const tickets = within(await screen.findByRole('region', { name: 'チケット' }));
    expect(tickets.getByText('2026年12月01日(火)')).toBeTruthy();
    expect(tickets.getByText('10:00 ~ 10:30')).toBeTruthy();
    expect(tickets.getByText('7,600円')).toBeTruthy();
    expect(screen.getByText('性別').nextSibling?.textContent).toBe('女性');
    expect(screen.getByRole('button', { name: '購入を確定する' })).toBeTruthy();
    // The order's names come in the page's language, whatever language it was ordered in.
    const orderCalls = api.calls.filter((call) => call.path === `orders/${TOKEN}`);
    expect(orderCalls.map((call) => call.query.get('lang'))).toEqual(['ja']);
  });

  it('applies a coupon, shows its discount and the new total, and removes it again', async () => {
    const server = orderServer();
    const user = userEvent.setup();
    await renderConfirm();
    const coupon = within(await screen.findByRole('region', { name: 'Coupon' }));
    await user.type(coupon.getByLabelText('Coupon code'), '  WINTER500 ');
    await user.click(coupon.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Coupon: Winter 500')).toBeTruthy();
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({ coupon_code: 'WINTER500' });
    const amount = within(screen.getByRole('region', { name: 'Amount to pay' }));
    expect(amount.getByText('Coupon: Winter 500').nextSibling?.textContent).toBe('-¥500');
    expect(amount.getByText('Total').nextSibling?.textContent).toBe('¥9,100');
    expect(useToastStore.getState().toastText).toBe('Coupon applied: Winter 500');
    expect((coupon.getByLabelText('Coupon code') as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(coupon.getByLabelText('Coupon code'));

    await user.click(coupon.getByRole('button', { name: 'Remove coupon Winter 500' }));
    await vi.waitFor(() => expect(amount.getByText('Total').nextSibling?.textContent).toBe('¥9,600'));
    expect(screen.queryByText('Coupon: Winter 500')).toBeNull();
    expect(
      server.calls.some((call) => call.method === 'DELETE' && call.path === `ordercoupons/${TOKEN}/7`),
    ).toBe(true);
  });

  it('sends a code typed full-width as ASCII and refuses kana or symbols as typed (alpha_num)', async () => {
    const server = orderServer();
    const user = userEvent.setup();
    await renderConfirm();
    const field = await screen.findByLabelText('Coupon code');
    await user.type(field, 'クーポン!');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Coupon code may contain letters and numbers only.',
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveProperty('disabled', true);

    await user.clear(field);
    await user.type(field, 'ＷＩＮＴＥＲ－５００');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Coupon: Winter 500')).toBeTruthy();
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({ coupon_code: 'WINTER-500' });
  });

  it('leaves a refused coupon to its server dialog and keeps the order as it was', async () => {
    orderServer({ [`POST ordercoupons/${TOKEN}`]: serverError('expired_coupon') });
    const user = userEvent.setup();
    await renderConfirm();
    await user.type(await screen.findByLabelText('Coupon code'), 'OLD2020');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() =>
      expect(useDialogStore.getState().dialogs.map((dialog) => dialog.titleKey)).toEqual([
        'error_dialog_expired_coupon_title',
      ]),
    );
    expect(screen.queryByRole('list', { name: 'Applied coupons' })).toBeNull();
    expect((screen.getByLabelText('Coupon code') as HTMLInputElement).value).toBe('OLD2020');
  });

  it('asks for the terms first and sends nothing until they are accepted', async () => {
    const server = orderServer();
    const user = userEvent.setup();
    await renderConfirm();
    await user.click(await screen.findByRole('button', { name: 'Complete purchase' }));
    const box = screen.getByRole('checkbox', { name: 'I agree to the terms of use' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(box);
    expect(screen.getByText('Please agree to the terms of use to complete your purchase.').id).toBe(
      box.getAttribute('aria-describedby'),
    );
    expect(server.calls.some((call) => call.path.startsWith('orders/checkout/'))).toBe(false);
    expect(screen.getByRole('link', { name: /Read the terms of use/ }).getAttribute('href')).toBe(
      'https://example.test/terms',
    );
  });

  it('checks out once however often it is pressed, then stores the completion, pushes complete and clears the order', async () => {
    let answer: (reply: FakeReply) => void = () => undefined;
    const server = orderServer({
      [`POST orders/checkout/${TOKEN}`]: () => new Promise<FakeReply>((resolve) => (answer = resolve)),
      'GET gtm/reservation-token-1': ok(GTM),
    });
    const call = vi.spyOn(api, 'call');
    const user = userEvent.setup();
    await renderConfirm();
    await user.click(await screen.findByRole('checkbox', { name: 'I agree to the terms of use' }));
    await user.dblClick(checkoutButton());
    await user.click(checkoutButton());

    expect(checkoutButton().textContent).toBe('Processing…');
    expect((checkoutButton() as HTMLButtonElement).disabled).toBe(true);
    const checkouts = server.calls.filter((call) => call.path === `orders/checkout/${TOKEN}`);
    expect(checkouts.map((call) => call.body)).toEqual([
      { payment_method_type: 'gmo', token: 'tok_simulated_1', masked_card_number: '************4242' },
    ]);
    expect(call.mock.calls.find(([route]) => route === ROUTES.checkout)?.[1]).toMatchObject({
      timeout: CHECKOUT_TIMEOUT_MS,
    });
    expect(CHECKOUT_TIMEOUT_MS).toBe(240_000);

    await act(async () => answer(ok(RESERVED)));
    expect(await screen.findByText('Complete page')).toBeTruthy();
    expect(readCompleteData(useCoreStore.getState().completeData)).toEqual({
      reservationNumber: 'K7QX2M9P',
      reservationToken: 'reservation-token-1',
      email: 'hanako@example.test',
      productName: 'Timed entry ticket',
      productType: 'time',
      startsAt: '2026-12-01T01:00:00.000Z',
      endsAt: '2026-12-01T01:30:00.000Z',
      ticketCount: 3,
      totalPrice: 9600,
      discount: 0,
    });
    await vi.waitFor(() =>
      expect(window.dataLayer).toContainEqual(
        expect.objectContaining({ event: 'complete', reservation_number: 'K7QX2M9P', total_quantity: 3 }),
      ),
    );
    const state = useCoreStore.getState();
    expect([state.orderToken, state.savedOrder, state.savedSignIn, state.savedPayment]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(state.gtmData).toEqual(GTM);
  });

  it('sends the browser to the gateway when checkout answers a redirect, keeping the payment number', async () => {
    orderServer({
      [`POST orders/checkout/${TOKEN}`]: ok({
        status: 'redirect',
        redirect_url: 'https://gateway.test/3ds?session=1',
        payment_number: 'P-0001',
      }),
    });
    const user = userEvent.setup();
    await renderConfirm();
    await user.click(await screen.findByRole('checkbox', { name: 'I agree to the terms of use' }));
    await user.click(checkoutButton());
    await vi.waitFor(() =>
      expect(leaveForGateway).toHaveBeenCalledWith('https://gateway.test/3ds?session=1'),
    );
    expect(useCoreStore.getState().paymentNumber).toBe('P-0001');
    expect(useCoreStore.getState().completeData).toBeNull();
  });

  it('enables the button again after a refused checkout, whose dialog the server error opened', async () => {
    orderServer({ [`POST orders/checkout/${TOKEN}`]: serverError('order_not_ready_checkout') });
    const user = userEvent.setup();
    await renderConfirm();
    await user.click(await screen.findByRole('checkbox', { name: 'I agree to the terms of use' }));
    await user.click(checkoutButton());
    await vi.waitFor(() => expect(useDialogStore.getState().dialogs).toHaveLength(1));
    await vi.waitFor(() => expect((checkoutButton() as HTMLButtonElement).disabled).toBe(false));
    expect(checkoutButton().textContent).toBe('Complete purchase');
    expect(useCoreStore.getState().completeData).toBeNull();
    expect(useCoreStore.getState().orderToken).toBe(TOKEN);
  });

  it('asks for a payment method when free was chosen but the total is no longer 0', async () => {
    useCoreStore.setState({ savedPayment: { method: 'free' } });
    orderServer();
    await renderConfirm();
    expect(await screen.findByText('Please choose how you would like to pay.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a payment method' }).getAttribute('href')).toBe(
      '/payment?ref=c',
    );
    expect((checkoutButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('checks out a zero total as free', async () => {
    const server = orderServer({
      [`GET orders/${TOKEN}`]: ok(
        orderToConfirm({ price: 0, coupons: [{ ...COUPON, coupon_discount: 9600 }] }),
      ),
      [`POST orders/checkout/${TOKEN}`]: ok(RESERVED),
    });
    const user = userEvent.setup();
    await renderConfirm();
    expect(await screen.findByText('No payment needed')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Change payment method' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the terms of use' }));
    await user.click(checkoutButton());
    expect(await screen.findByText('Complete page')).toBeTruthy();
    expect(server.calls.find((call) => call.path.startsWith('orders/checkout/'))?.body).toEqual({
      payment_method_type: 'free',
    });
  });

  it('says there is nothing to confirm without an order', async () => {
    useCoreStore.setState({ orderToken: null });
    fakeApi({});
    await renderConfirm();
    expect(screen.getByText('There is no order to confirm. Please choose your tickets first.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose tickets' }).getAttribute('href')).toBe('/order');
  });
});
