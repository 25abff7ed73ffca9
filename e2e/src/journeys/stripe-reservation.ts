import { API_PATH, ROUTES, fillPath, siteSlug, type LangCode, type SiteCode } from '@kippu/contract';
import type { CheckoutResponse } from '@kippu/contract/endpoints/checkout';
import type { PaymentMethodItem } from '@kippu/contract/endpoints/payment-methods';
import { STRIPE_SIMULATOR_PATHS } from '@kippu/contract/gateway-simulator';
import { STRIPE_TEST_CARDS } from '@kippu/contract/stripe-test-cards';
import { inject } from 'vitest';
import { nextVisitorAddress } from '../fixtures.ts';
import { prepareOrderForPayment } from '../prepare-reservation.ts';

const XSRF = 'e2e-top-up-xsrf';

/** A call of the visitor API (or the simulator) over HTTP, as the browser's scripts would make it. */
async function call<T>(path: string, init: { method?: string; body?: unknown; form?: URLSearchParams } = {}) {
  const response = await fetch(`${inject('e2eBaseUrl')}${path}`, {
    method: init.method ?? 'GET',
    redirect: 'manual',
    headers: {
      'content-type': init.form ? 'application/x-www-form-urlencoded' : 'application/json',
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      'x-forwarded-for': nextVisitorAddress(),
    },
    body: init.form ? init.form.toString() : init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = await response.text();
  if (response.status >= 400) throw new Error(`${path} answered ${response.status}: ${body.slice(0, 300)}`);
  return {
    status: response.status,
    location: response.headers.get('location'),
    json: () => JSON.parse(body) as T,
  };
}

/**
 * A one-ticket purchase on `site` for `date`, paid over HTTP as Stripe.js and the issuer's page would (for the
 * top-up journeys, which start from a ticket; sites without a GMO card): a PaymentMethod from the simulator
 * with the site's publishable key, checkout, the 3-D Secure page passed, the browser's return to our server.
 */
export async function stripeReservation(
  site: SiteCode,
  lang: LangCode,
  date: string,
  /** The product, by its name in `lang` (default: the first with a slot that day). */
  product?: RegExp,
): Promise<{ reservationToken: string; number: string }> {
  const apiPath = (name: keyof typeof ROUTES, params: Record<string, string> = {}, query = '') =>
    `/${siteSlug(site)}${API_PATH}${fillPath(ROUTES[name].path, params)}${query}`;
  const order = await prepareOrderForPayment({ site, lang, date, tickets: 1, product });
  if (order.mailToken) await call(apiPath('confirmOrderMail', { id: order.mailToken }));
  const methods = (await call<PaymentMethodItem[]>(apiPath('paymentMethods', {}, `?lang=${lang}`))).json();
  const stripe = methods.find((method) => method.payment_method_type === 'stripe_secure');
  if (!stripe?.shop_id) throw new Error(`${site} offers no stripe_secure`);
  const paymentMethod = await call<{ id: string }>(`${STRIPE_SIMULATOR_PATHS.api}/v1/payment_methods`, {
    method: 'POST',
    form: new URLSearchParams({
      key: stripe.shop_id,
      type: 'card',
      'card[number]': STRIPE_TEST_CARDS.success,
      'card[exp_month]': '12',
      'card[exp_year]': '2034',
      'card[cvc]': '123',
      'billing_details[name]': 'HANAKO YAMADA',
    }),
  });
  const checkout = (
    await call<CheckoutResponse>(apiPath('checkout', { id: order.orderToken }), {
      method: 'POST',
      body: { payment_method_type: 'stripe_secure', token: paymentMethod.json().id },
    })
  ).json();
  if (checkout.status !== 'redirect') throw new Error(`stripe_secure checkout answered ${checkout.status}`);
  const challenge = new URL(checkout.redirect_url);
  const passed = await call(challenge.pathname, {
    method: 'POST',
    form: new URLSearchParams({
      client_secret: challenge.searchParams.get('client_secret')!,
      outcome: 'complete',
    }),
  });
  const back = new URL(passed.location!);
  await call(back.pathname + back.search);
  const result = (
    await call<{ status: string; reservation_token: string; reservation_number: string }>(
      apiPath('paymentResult', { id: checkout.payment_number }),
    )
  ).json();
  if (result.status !== 'reserved') throw new Error(`the purchase is ${result.status}`);
  return { reservationToken: result.reservation_token, number: result.reservation_number };
}
