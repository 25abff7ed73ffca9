import { queryOptions } from '@tanstack/react-query';
import type { CheckoutBody, CheckoutResponse } from '@kippu/contract/endpoints/checkout';
import type { CreateTimeChangeBody, CreateTimeChangeResponse } from '@kippu/contract/endpoints/time-change';
import type { LangCode } from '@kippu/contract/enums';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../../../shared/api/api-client.ts';

/* The change-of-date calls (ADR 029), all under `timechanges/{reservationToken}`. */

/** Spec §9: checkout and 3-D Secure payment time-out. */
const CHECKOUT_TIMEOUT_MS = 240_000;

/** GET /timechanges/{reservationToken}?lang=&date=: the booking and the slots of one date it may move to. */
export const timeChangeOptionsQuery = (reservationToken: string, lang: LangCode, date: string | null) =>
  queryOptions({
    queryKey: ['timechanges', reservationToken, 'options', lang, date],
    queryFn: async ({ signal }) => {
      const { data } = await api.call(ROUTES.timeChangeOptions, {
        params: { reservationToken },
        query: date ? { lang, date } : { lang },
        signal,
        ignoredStatuses: [404],
      });
      return data;
    },
    placeholderData: (previous) => previous,
  });

/** POST /timechanges/{reservationToken}: holds the new slot; refusals show their dialogs. */
export async function createTimeChange(
  reservationToken: string,
  body: CreateTimeChangeBody,
): Promise<CreateTimeChangeResponse> {
  const { data } = await api.call(ROUTES.createTimeChange, { params: { reservationToken }, body });
  return data;
}

/** GET /timechanges/{reservationToken}/{timechangeToken}?lang=: the change to confirm (shared with d払い's confirm). */
export { timeChangeQuery } from '../../../shared/api/endpoints/time-change.ts';

/** POST …/checkout: completes the change, paying the top-up (nothing to pay: `free`). */
export async function checkoutTimeChange(
  reservationToken: string,
  timechangeToken: string,
  body: CheckoutBody,
): Promise<CheckoutResponse> {
  // Safe to repeat (the route says so): the server joins an attempt in flight or answers a finished one
  // again (ADR 047).
  const { data } = await api.call(ROUTES.timeChangeCheckout, {
    params: { reservationToken, timechangeToken },
    body,
    timeout: CHECKOUT_TIMEOUT_MS,
  });
  return data;
}

/** DELETE …: gives the held slot back (choosing another time). A change already over is no error here. */
export async function cancelTimeChange(reservationToken: string, timechangeToken: string): Promise<void> {
  await api.call(ROUTES.cancelTimeChange, {
    params: { reservationToken, timechangeToken },
    ignoredStatuses: [404, 409],
  });
}
