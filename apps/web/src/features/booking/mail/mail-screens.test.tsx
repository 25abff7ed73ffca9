import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  confirmOrderMailResponseSchema,
  sendOrderMailResponseSchema,
} from '@kippu/contract/endpoints/order-mails';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useDialogStore } from '../../../shared/stores/dialog-store.ts';
import { useToastStore } from '../../../shared/stores/toast-store.ts';
import { fakeApi, ok, serverError } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { checkoutConfiguration, temporaryOrder } from '../checkout-page/test-doubles.ts';
import MailConfirmScreen from '../screens/mail-confirm-screen.tsx';
import SendedMailScreen from '../screens/sended-mail-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'order-token-1';
const heading = (name: string) => ({ element: <h1>{name}</h1> });
const ROUTES: RouteObject[] = [
  { path: '/sended-mail', element: <SendedMailScreen /> },
  { path: '/mail-confirm', element: <MailConfirmScreen /> },
  { path: '/payment', ...heading('Payment page') },
  { path: '/order', ...heading('Order page') },
  { path: '/sign-in', ...heading('Sign-in page') },
];

describe('mail sent screen', () => {
  it('names the address the link went to and sends the mail again on request', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const api = fakeApi({
      [`GET orders/${TOKEN}`]: ok(temporaryOrder()),
      [`POST ordermails/${TOKEN}`]: () =>
        new Promise((resolve) => {
          answer = () =>
            resolve({
              status: 201,
              body: sendOrderMailResponseSchema.parse({ order_token: TOKEN, email: 'hanako@example.com' }),
            });
        }),
    });
    useCoreStore.setState({
      orderToken: TOKEN,
      configuration: checkoutConfiguration(),
      savedSignIn: { email: 'hanako@example.com' },
    });
    await renderRoutes(ROUTES, '/sended-mail', 'ja');
    expect(screen.getByRole('heading', { level: 1, name: 'メールを送信しました' })).toBeTruthy();
    const text = screen.getByText((_, element) => element?.classList.contains('mail-notice__text') ?? false);
    expect(text.textContent).toBe(
      'hanako@example.com 宛てに確認用リンクをお送りしました。メール内のリンクを開いて、お支払いへお進みください。',
    );
    expect(text.querySelector('strong')?.textContent).toBe('hanako@example.com');
    // The hold's remaining time (from GET /orders) stays in view.
    expect(await screen.findByRole('timer')).toBeTruthy();

    const resend = screen.getByRole('button', { name: 'メールを再送信' });
    await userEvent.click(resend);
    expect(resend).toHaveProperty('disabled', true);
    answer(undefined);
    await waitFor(() => expect(resend).toHaveProperty('disabled', false));
    expect(useToastStore.getState().toastText).toBe('確認メールを再送信しました。');
    const post = api.calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({ lang: 'ja' });
    expect(screen.getByRole('link', { name: 'メールアドレスを変更する' }).getAttribute('href')).toBe(
      '/sign-in',
    );
  });

  it('sends a visitor without an order back to the order page', async () => {
    fakeApi({});
    const { router } = await renderRoutes(ROUTES, '/sended-mail');
    await screen.findByRole('heading', { name: 'Order page' });
    expect(router.state.location.pathname).toBe('/order');
  });
});

describe('mail confirm screen', () => {
  it('confirms the link, makes its order the current one and continues to payment', async () => {
    const api = fakeApi({
      'GET ordermails/mail-token-9': ok(confirmOrderMailResponseSchema.parse({ order_token: TOKEN })),
    });
    // This tab held another order: its saved pages must not leak into the confirmed one.
    useCoreStore.setState({
      orderToken: 'older-order',
      savedSignIn: { email: 'someone@example.com' },
      savedPayment: { method: 'gmo' },
    });
    const { router } = await renderRoutes(ROUTES, '/mail-confirm?token=mail-token-9');
    expect(await screen.findByRole('heading', { name: 'Payment page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/payment');
    const state = useCoreStore.getState();
    expect([state.orderToken, state.mailToken, state.savedSignIn, state.savedPayment]).toEqual([
      TOKEN,
      // Kept with the order it confirmed: that order's sign-in step asks for no second mail.
      { token: 'mail-token-9', orderToken: TOKEN },
      null,
      null,
    ]);
    expect(useToastStore.getState().toastText).toBe('Your email address has been confirmed.');
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET ordermails/mail-token-9']);
  });

  it('keeps the saved pages when the link belongs to the order this tab already holds', async () => {
    fakeApi({
      'GET ordermails/mail-token-9': ok(confirmOrderMailResponseSchema.parse({ order_token: TOKEN })),
    });
    useCoreStore.setState({ orderToken: TOKEN, savedSignIn: { email: 'hanako@example.com' } });
    await renderRoutes(ROUTES, '/mail-confirm?token=mail-token-9');
    await screen.findByRole('heading', { name: 'Payment page' });
    expect(useCoreStore.getState().savedSignIn).toEqual({ email: 'hanako@example.com' });
  });

  it('says so for an unknown link, after the server dialog, with a retry and a way to start again', async () => {
    const api = fakeApi({ 'GET ordermails/bad': serverError('record_not_found') });
    useCoreStore.setState({ configuration: checkoutConfiguration() });
    const { router } = await renderRoutes(ROUTES, '/mail-confirm?token=bad');
    expect(await screen.findByText('This confirmation link is not valid, or it has expired.')).toBeTruthy();
    expect(useDialogStore.getState().dialogs[0]?.titleKey).toBe('error_dialog_record_not_found_title');
    expect(screen.getByRole('link', { name: 'Choose tickets again' }).getAttribute('href')).toBe('/order');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(router.state.location.pathname).toBe('/mail-confirm');
  });

  it('offers no order page on a mail-confirm-only site, and makes no call without a token', async () => {
    const api = fakeApi({});
    useCoreStore.setState({ configuration: checkoutConfiguration({ isOnlyStartMailConfirm: true }) });
    await renderRoutes(ROUTES, '/mail-confirm');
    expect(screen.getByText('Please open this page from the link in your confirmation email.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Choose tickets again' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(api.calls).toEqual([]);
  });
});
