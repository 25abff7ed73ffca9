import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendOrderMailResponseSchema } from '@kippu/contract/endpoints/order-mails';
import { updateOrderResponseSchema } from '@kippu/contract/endpoints/orders';
import { NO_SEND_VALUE } from '@kippu/contract/i18n-text';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useDialogStore } from '../../../shared/stores/dialog-store.ts';
import { fakeApi, ok, serverError, type SeenCall } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { checkoutConfiguration, fieldTemplates, temporaryOrder } from '../checkout-page/test-doubles.ts';
import { SIGN_IN_ROUTES as ROUTES } from './test-routes.tsx';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'order-token-1';
const FORM = fieldTemplates({
  fullname: true,
  email: true,
  phone: false,
  gender: false,
  age: true,
  resident_area: false,
  mail_magazine: false,
  teamlab_mail_magazine: false,
});

/** The server as the sign-in screen meets it; PUT answers what it stored. */
function server(put: (call: SeenCall) => ReturnType<typeof ok> = () => ok(putAnswer())) {
  return fakeApi({
    'GET field_templates': ok(FORM),
    [`GET orders/${TOKEN}`]: ok(temporaryOrder()),
    [`PUT orders/${TOKEN}`]: put,
    [`POST ordermails/${TOKEN}`]: {
      status: 201,
      body: sendOrderMailResponseSchema.parse({ order_token: TOKEN, email: 'hanako@example.com' }),
    },
  });
}
const putAnswer = () =>
  updateOrderResponseSchema.parse({ order_token: TOKEN, status: 'holding', customer_info: [] });

async function openSignIn(options: { mailConfirm?: boolean; path?: string; lang?: 'en' | 'ja' } = {}) {
  useCoreStore.setState({
    orderToken: TOKEN,
    configuration: checkoutConfiguration({ isMailConfirm: options.mailConfirm ?? true }),
  });
  const result = await renderRoutes(ROUTES, options.path ?? '/sign-in', options.lang ?? 'en');
  await screen.findByRole('textbox', { name: /Full name|氏名/ });
  return result;
}

async function fillValidForm() {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Hanako Yamada');
  await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'hanako@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Confirm email address' }), 'hanako@example.com');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Age' }), '30-39');
  return user;
}

describe('sign-in screen', () => {
  it('shows only the displayed fields, grouped, with the step indicator and the site defaults', async () => {
    server();
    await openSignIn();
    expect(screen.getByRole('heading', { level: 1, name: 'Your details' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Booking steps' })).toBeTruthy();
    for (const name of ['Contact details', 'About you', 'Newsletters']) {
      expect(screen.getByRole('region', { name })).toBeTruthy();
    }
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toBeTruthy();
    // Not displayed by the templates: address and the questionnaires.
    expect(screen.queryByRole('textbox', { name: 'Address' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'How did you hear about us?' })).toBeNull();
    // Required fields say so to assistive tech; optional ones do not.
    expect(screen.getByRole('textbox', { name: 'Full name' }).getAttribute('aria-required')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Phone number' }).getAttribute('aria-required')).toBeNull();
    // Selects start on the no-send item; the opt-ins on the site's defaults (true and false here).
    expect((screen.getByRole('combobox', { name: 'Gender' }) as HTMLSelectElement).value).toBe(NO_SEND_VALUE);
    expect(screen.getByRole('checkbox', { name: 'Send me news and special offers by email' })).toHaveProperty(
      'checked',
      true,
    );
    expect(
      screen.getByRole('checkbox', { name: 'Send me news about other exhibitions by the organiser' }),
    ).toHaveProperty('checked', false);
  });

  it('labels the options in the visitor language', async () => {
    server();
    await openSignIn({ lang: 'ja' });
    const gender = screen.getByRole('combobox', { name: '性別' });
    expect(
      within(gender)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['選択しない', '女性', '男性']);
  });

  it('shows every failing rule with its localized message and focuses the first invalid field', async () => {
    const api = server();
    await openSignIn();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'hanako@example');
    await user.type(screen.getByRole('textbox', { name: 'Confirm email address' }), 'hanako@example.org');
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '12-34');
    await user.click(screen.getByRole('button', { name: 'Send confirmation email' }));

    const name = screen.getByRole('textbox', { name: 'Full name' });
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(
      'Some entries need your attention. Please check the highlighted fields.',
    );
    const messageOf = (element: HTMLElement) =>
      element
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => document.getElementById(id)!.textContent)[0];
    expect(messageOf(name)).toBe('Full name is required.');
    expect(messageOf(screen.getByRole('textbox', { name: 'Email address' }))).toBe(
      'Please enter a valid email address.',
    );
    expect(messageOf(screen.getByRole('textbox', { name: 'Confirm email address' }))).toBe(
      'The email addresses do not match.',
    );
    expect(messageOf(screen.getByRole('textbox', { name: 'Phone number' }))).toBe(
      'Please enter a valid phone number.',
    );
    // A required select left on the no-send item has no answer.
    expect(messageOf(screen.getByRole('combobox', { name: 'Age' }))).toBe('Age is required.');
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('checks as the visitor types, and a fixed field loses its message', async () => {
    server();
    await openSignIn({ lang: 'ja' });
    const user = userEvent.setup();
    const email = screen.getByRole('textbox', { name: 'メールアドレス' });
    await user.type(email, 'a@b');
    expect(await screen.findByText('メールアドレスの形式が正しくありません。')).toBeTruthy();
    await user.type(email, '.jp');
    expect(screen.queryByText('メールアドレスの形式が正しくありません。')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBe('false');
  });

  it('sends the displayed fields only, leaves out no-send selects, opt-ins as "true"/"false", then mails the link', async () => {
    const api = server();
    const { router } = await openSignIn();
    const user = await fillValidForm();
    await user.click(screen.getByRole('checkbox', { name: 'Send me news and special offers by email' }));
    await user.click(screen.getByRole('button', { name: 'Send confirmation email' }));

    expect(await screen.findByRole('heading', { name: 'Mail sent page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sended-mail');
    const writes = api.calls.filter((call) => call.method !== 'GET');
    expect(writes.map((call) => `${call.method} ${call.path}`)).toEqual([
      `PUT orders/${TOKEN}`,
      `POST ordermails/${TOKEN}`,
    ]);
    expect(writes[0]!.body).toEqual({
      customer_info: [
        { key: 'fullname', value: 'Hanako Yamada' },
        { key: 'email', value: 'hanako@example.com' },
        { key: 'phone', value: '' },
        // gender and resident_area stayed on the no-send item: not sent.
        { key: 'age', value: '30-39' },
        { key: 'mail_magazine', value: 'false' },
        { key: 'teamlab_mail_magazine', value: 'false' },
      ],
    });
    expect(writes[1]!.body).toEqual({ lang: 'en' });
    expect(useCoreStore.getState().savedSignIn).toMatchObject({
      name: 'Hanako Yamada',
      email: 'hanako@example.com',
      age: '30-39',
      gender: NO_SEND_VALUE,
      acceptMailMagazine: false,
    });
  });

  it('goes straight to payment on a site without mail confirmation', async () => {
    const api = server();
    await openSignIn({ mailConfirm: false });
    const user = await fillValidForm();
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('heading', { name: 'Payment page' })).toBeTruthy();
    expect(api.calls.some((call) => call.path.startsWith('ordermails'))).toBe(false);
  });

  it('keeps the entered data on a return from confirm and goes back there when the address is unchanged', async () => {
    const api = server();
    useCoreStore.setState({
      savedSignIn: {
        name: 'Hanako Yamada',
        email: 'hanako@example.com',
        emailConfirm: 'hanako@example.com',
        age: '20-29',
        gender: 'woman',
        acceptMailMagazine: false,
      },
    });
    await openSignIn({ path: '/sign-in?ref=c' });
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveProperty('value', 'Hanako Yamada');
    expect(screen.getByRole('combobox', { name: 'Gender' })).toHaveProperty('value', 'woman');
    expect(screen.getByRole('checkbox', { name: 'Send me news and special offers by email' })).toHaveProperty(
      'checked',
      false,
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '03-1234-5678');
    await user.click(screen.getByRole('button', { name: 'Save and return to confirmation' }));
    expect(await screen.findByRole('heading', { name: 'Confirm page' })).toBeTruthy();
    expect(api.calls.some((call) => call.path.startsWith('ordermails'))).toBe(false);
    const put = api.calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toMatchObject({
      customer_info: expect.arrayContaining([
        { key: 'phone', value: '03-1234-5678' },
        { key: 'gender', value: 'woman' },
      ]),
    });
  });

  it('confirms a changed address again on a return from confirm', async () => {
    server();
    useCoreStore.setState({ savedSignIn: { email: 'old@example.com', emailConfirm: 'old@example.com' } });
    await openSignIn({ path: '/sign-in?ref=c' });
    const user = await fillValidForm();
    await user.clear(screen.getByRole('textbox', { name: 'Email address' }));
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'hanako@example.com');
    await user.clear(screen.getByRole('textbox', { name: 'Confirm email address' }));
    await user.type(screen.getByRole('textbox', { name: 'Confirm email address' }), 'hanako@example.com');
    await user.click(screen.getByRole('button', { name: 'Save and return to confirmation' }));
    expect(await screen.findByRole('heading', { name: 'Mail sent page' })).toBeTruthy();
  });

  it('stays on the form with the server dialog when the order is refused', async () => {
    server(() => serverError('out_of_stock'));
    const { router } = await openSignIn();
    const user = await fillValidForm();
    await user.click(screen.getByRole('button', { name: 'Send confirmation email' }));
    await waitFor(() => expect(useDialogStore.getState().dialogs).toHaveLength(1));
    expect(useDialogStore.getState().dialogs[0]!.titleKey).toBe('error_dialog_out_of_stock_title');
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(screen.getByRole('button', { name: 'Send confirmation email' })).toHaveProperty('disabled', false);
    expect(useCoreStore.getState().savedSignIn).toBeNull();
  });

  it('sends a visitor without an order back to the order page', async () => {
    fakeApi({});
    const { router } = await renderRoutes(ROUTES, '/sign-in');
    expect(await screen.findByRole('heading', { name: 'Order page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/order');
  });
});
