import { queryOptions } from '@tanstack/react-query';
import type { LangCode } from '@kippu/contract/enums';
import type { CheckoutBody, CheckoutResponse } from '@kippu/contract/endpoints/checkout';
import type { OrderCoupon } from '@kippu/contract/endpoints/order-coupons';
import type {
  CreateOrderResponse,
  UpdateOrderBody,
  UpdateOrderResponse,
} from '@kippu/contract/endpoints/orders';
import type { CreateSpotOrderBody } from '@kippu/contract/endpoints/spot';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../../../shared/api/api-client.ts';
import { getPaymentMethods } from '../../../shared/api/endpoints/payment-methods.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';

/** Checkout waits for the payment gateway, so the client gives it 240 000 ms (spec §7, §9). */
const CHECKOUT_TIMEOUT_MS = 240_000;

/**
 * GET /spot/products/stocks: the poster's product (or, with `productUuid`, another spot product of the venue
 * chosen on `/spot/products`, ADR 109) and today's slots.
 */
export const spotStocksQuery = (qrToken: string, lang: LangCode, quiet = false, productUuid?: string) =>
  queryOptions({
    queryKey: ['spot', 'stocks', qrToken, lang, productUuid ?? null],
    queryFn: async ({ signal }) =>
      (
        await api.call(ROUTES.spotStocks, {
          query: { qr_token: qrToken, lang, ...(productUuid ? { product_uuid: productUuid } : {}) },
          signal,
          noErrorDialog: quiet,
        })
      ).data,
    // Stock moves while the visitor looks: read it again whenever the screen is opened.
    staleTime: 0,
    retry: false,
  });

/** GET /spot/products: the venue's spot products today, for `/spot/products` (ADR 109). */
export const spotProductsQuery = (qrToken: string, lang: LangCode) =>
  queryOptions({
    queryKey: ['spot', 'products', qrToken, lang],
    queryFn: async ({ signal }) =>
      (await api.call(ROUTES.spotProducts, { query: { qr_token: qrToken, lang }, signal })).data,
    staleTime: 0,
    retry: false,
  });

/** GET /spot/setproducts/search: the add-ons of the chosen slot (behind the poster's token, ADR 109). */
export const spotSetProductsQuery = (qrToken: string, slotId: number, lang: LangCode) =>
  queryOptions({
    queryKey: ['spot', 'setproducts', qrToken, slotId, lang],
    queryFn: async ({ signal }) =>
      (
        await api.call(ROUTES.spotSetProductSearch, {
          query: { qr_token: qrToken, lang, main_product_time_span_ids: String(slotId) },
          signal,
          // No add-ons to offer is no reason to stop a purchase: the order goes on without them.
          noErrorDialog: true,
        })
      ).data,
    retry: false,
  });

/**
 * GET /paymentmethods?channel=spot: the spot channel's methods, kept as the core state's
 * `spotPaymentMethods` (spec §3) as they arrive; the spot payment screen offers what that state holds.
 */
export const spotPaymentMethodsQuery = (lang: LangCode) =>
  queryOptions({
    queryKey: ['paymentmethods', lang, 'spot'],
    queryFn: async ({ signal }) => {
      const methods = await getPaymentMethods(lang, 'spot', signal);
      useCoreStore.getState().set({ spotPaymentMethods: methods });
      return methods;
    },
    staleTime: 5 * 60_000,
  });

/** GET /field_templates: the site's order-form fields, which `/spot/order-fields` cuts to the spot ones. */
export const spotFieldTemplatesQuery = () =>
  queryOptions({
    queryKey: ['field_templates'],
    queryFn: async ({ signal }) => (await api.call(ROUTES.fieldTemplates, { signal })).data,
    staleTime: Infinity,
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

/** PUT /spot/orders/{id}: the order-fields form (the e-mail address the ticket link goes to, ADR 109). */
export async function updateSpotOrder(
  orderToken: string,
  body: UpdateOrderBody,
): Promise<UpdateOrderResponse> {
  return (await api.call(ROUTES.updateSpotOrder, { params: { id: orderToken }, body })).data;
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
