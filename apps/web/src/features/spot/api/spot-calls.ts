import { queryOptions } from '@tanstack/react-query';
import type { LangCode } from '@kippu/contract/enums';
import type { CheckoutBody, CheckoutResponse } from '@kippu/contract/endpoints/checkout';
import type { OrderCoupon } from '@kippu/contract/endpoints/order-coupons';
import type { CreateOrderResponse, UpdateOrderResponse } from '@kippu/contract/endpoints/orders';
import type { CreateSpotOrderBody } from '@kippu/contract/endpoints/spot';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../../../shared/api/api-client.ts';

/** Checkout waits for the payment gateway, so the client gives it 240 000 ms (spec §7, §9). */
const CHECKOUT_TIMEOUT_MS = 240_000;

/** GET /spot/products/stocks: the poster's product and today's slots. */
export const spotStocksQuery = (qrToken: string, lang: LangCode, quiet = false) =>
  queryOptions({
    queryKey: ['spot', 'stocks', qrToken, lang],
    queryFn: async ({ signal }) =>
      (
        await api.call(ROUTES.spotStocks, {
          query: { qr_token: qrToken, lang },
          signal,
          noErrorDialog: quiet,
        })
      ).data,
    // Stock moves while the visitor looks: read it again whenever the screen is opened.
    staleTime: 0,
    retry: false,
  });

/** The cache key of a spot order, in every language: what a change to it invalidates. */
export const spotOrderKey = (orderToken: string) => ['spot', 'order', orderToken] as const;

/**
 * GET /orders/{id}?lang=: the temporary order, the server's truth for the payment screen, named in the page's
 * language (ADR 045); the same order's last answer stays on screen while another language's loads.
 */
export const spotOrderQuery = (orderToken: string, lang: LangCode) =>
  queryOptions({
    queryKey: [...spotOrderKey(orderToken), lang],
    queryFn: async ({ signal }) =>
      (await api.call(ROUTES.temporaryOrder, { params: { id: orderToken }, query: { lang }, signal })).data,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === orderToken ? previous : undefined,
    retry: false,
  });

/** POST /spot/orders: holds the tickets; a refusal has shown its dialog and throws. */
export async function createSpotOrder(body: CreateSpotOrderBody): Promise<CreateOrderResponse> {
  return (await api.call(ROUTES.createSpotOrder, { body })).data;
}

/** DELETE /orders/{id}: gives back an earlier hold of this phone; 400 (already gone) is ignored (spec §7). */
export async function releaseSpotOrder(orderToken: string): Promise<void> {
  await api.call(ROUTES.cancelOrder, {
    params: { id: orderToken },
    ignoredStatuses: [400, 404],
    noErrorDialog: true,
  });
}

/** PUT /spot/orders/{id}: the e-mail address the ticket link goes to. */
export async function updateSpotOrder(orderToken: string, email: string): Promise<UpdateOrderResponse> {
  return (
    await api.call(ROUTES.updateSpotOrder, {
      params: { id: orderToken },
      body: { customer_info: [{ key: 'email', value: email }] },
    })
  ).data;
}

/** POST /spot/ordercoupons/{id}: applies a coupon code to the spot order. */
export async function applySpotCoupon(orderToken: string, couponCode: string): Promise<OrderCoupon> {
  return (
    await api.call(ROUTES.applySpotOrderCoupon, {
      params: { id: orderToken },
      body: { coupon_code: couponCode },
    })
  ).data;
}

/** POST /orders/checkout/{id}: pays with one of the spot channel's methods. */
export async function checkoutSpotOrder(orderToken: string, body: CheckoutBody): Promise<CheckoutResponse> {
  return (
    // Safe to repeat (the route says so): the server joins an attempt in flight or answers a finished one
    // again (ADR 047).
    (await api.call(ROUTES.checkout, { params: { id: orderToken }, body, timeout: CHECKOUT_TIMEOUT_MS })).data
  );
}
