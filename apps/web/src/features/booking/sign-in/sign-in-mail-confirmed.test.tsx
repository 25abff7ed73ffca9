import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendOrderMailResponseSchema } from '@kippu/contract/endpoints/order-mails';
import { updateOrderResponseSchema } from '@kippu/contract/endpoints/orders';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { fakeApi, ok } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { checkoutConfiguration, fieldTemplates, temporaryOrder } from '../checkout-page/test-doubles.ts';
import { SIGN_IN_ROUTES as ROUTES } from './test-routes.tsx';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'order-token-1';
const ADDRESS = 'hanako@example.com';

/** The server once the link was followed: the order is ready for payment with the confirmed address. */
function server() {
  return fakeApi({
    'GET field_templates': ok(fieldTemplates({ fullname: true, email: true })),
    [`GET orders/${TOKEN}`]: ok(
      temporaryOrder({ status: 'ready_checkout', customer_info: [{ key: 'email', value: ADDRESS }] }),
    ),
    [`PUT orders/${TOKEN}`]: ok(
      updateOrderResponseSchema.parse({ order_token: TOKEN, status: 'ready_checkout', customer_info: [] }),
    ),
    [`POST ordermails/${TOKEN}`]: {
      status: 201,
      body: sendOrderMailResponseSchema.parse({ order_token: TOKEN, email: ADDRESS }),
    },
  });
}

/**
 * The sign-in step of order TOKEN in the tab where its mail link was opened (the link's tab never saw the
 * form: no saved sign-in page), with `mailToken` as the link left it.
 */
async function openSignIn(mailToken: { token: string; orderToken: string } | null, path = '/sign-in') {
  useCoreStore.setState({
    orderToken: TOKEN,
    mailToken,
    savedSignIn: null,
    configuration: checkoutConfiguration({ isMailConfirm: true }),
  });
  const result = await renderRoutes(ROUTES, path);
  await screen.findByRole('textbox', { name: 'Full name' });
  return result;
}

const confirmedPanel = () => screen.queryByRole('region', { name: 'Email address confirmed' });
const writes = (api: ReturnType<typeof server>) =>
  api.calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`);

async function fill(address: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Hanako Yamada');
  await user.type(screen.getByRole('textbox', { name: 'Email address' }), address);
  await user.type(screen.getByRole('textbox', { name: 'Confirm email address' }), address);
  return user;
}

describe('sign-in screen after the mail link (the stored mailToken)', () => {
  it('without a stored mailToken: the form alone, which mails the link', async () => {
    const api = server();
    await openSignIn(null);
    expect(confirmedPanel()).toBeNull();
    const user = await fill(ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Send confirmation email' }));
    expect(await screen.findByRole('heading', { name: 'Mail sent page' })).toBeTruthy();
    expect(writes(api)).toEqual([`PUT orders/${TOKEN}`, `POST ordermails/${TOKEN}`]);
  });

  it("with this order's mailToken: says the address is confirmed and goes on to payment without a mail", async () => {
    const api = server();
    const { router } = await openSignIn({ token: 'mail-token-9', orderToken: TOKEN });
    const panel = confirmedPanel()!;
    // The address is the order's own: this tab never saw the form.
    expect(
      await within(panel).findByText(
        `${ADDRESS} has been confirmed for this order. You can continue to payment without another email.`,
      ),
    ).toBeTruthy();
    await userEvent.click(within(panel).getByRole('link', { name: 'Continue to payment' }));
    expect(await screen.findByRole('heading', { name: 'Payment page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/payment');
    expect(writes(api)).toEqual([]);
  });

  it("with this order's mailToken: the same address (any case) saved again needs no second mail", async () => {
    const api = server();
    await openSignIn({ token: 'mail-token-9', orderToken: TOKEN });
    await within(confirmedPanel()!).findByText(new RegExp(ADDRESS));
    const user = await fill('Hanako@Example.com');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('heading', { name: 'Payment page' })).toBeTruthy();
    expect(writes(api)).toEqual([`PUT orders/${TOKEN}`]);
    expect(useCoreStore.getState().mailToken).toEqual({ token: 'mail-token-9', orderToken: TOKEN });
  });

  it("with this order's mailToken: a return from confirm with the same address goes back to confirm", async () => {
    const api = server();
    await openSignIn({ token: 'mail-token-9', orderToken: TOKEN }, '/sign-in?ref=c');
    await within(confirmedPanel()!).findByText(new RegExp(ADDRESS));
    const user = await fill(ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Save and return to confirmation' }));
    expect(await screen.findByRole('heading', { name: 'Confirm page' })).toBeTruthy();
    expect(writes(api)).toEqual([`PUT orders/${TOKEN}`]);
  });

  it("with this order's mailToken: a changed address is mailed again, and is no longer taken for confirmed", async () => {
    const api = server();
    await openSignIn({ token: 'mail-token-9', orderToken: TOKEN });
    await within(confirmedPanel()!).findByText(new RegExp(ADDRESS));
    const user = await fill('taro@example.com');
    await user.click(screen.getByRole('button', { name: 'Send confirmation email' }));
    expect(await screen.findByRole('heading', { name: 'Mail sent page' })).toBeTruthy();
    expect(writes(api)).toEqual([`PUT orders/${TOKEN}`, `POST ordermails/${TOKEN}`]);
    expect(useCoreStore.getState().mailToken).toBeNull();
  });

  it('with the mailToken of another order (a new hold since): the form alone, which mails the link', async () => {
    const api = server();
    await openSignIn({ token: 'mail-token-9', orderToken: 'earlier-order' });
    expect(confirmedPanel()).toBeNull();
    const user = await fill(ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Send confirmation email' }));
    expect(await screen.findByRole('heading', { name: 'Mail sent page' })).toBeTruthy();
    expect(writes(api)).toEqual([`PUT orders/${TOKEN}`, `POST ordermails/${TOKEN}`]);
  });
});
