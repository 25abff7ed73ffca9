import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import type { LangCode } from '@kippu/contract/enums';
import type { SiteSettings } from '@kippu/contract/site-settings';
import { prefetchFirstOrderData } from '../features/booking/order/api/prefetch-first-order-data.ts';
import { ticketQuery } from '../features/tickets/api/ticket-query.ts';
import { paymentMethodsQuery } from '../shared/api/endpoints/payment-methods.ts';
import { productsQuery } from '../shared/api/endpoints/products.ts';
import { hashPathname, isOrderScreenHash } from './first-screen-hash.ts';
import { paths } from '../shared/routing/paths.ts';

/**
 * The data the first screen shows, asked for as the app starts instead of by the components once they have
 * rendered (issue 12): the ticket page's ticket (its QR codes are the page's largest paint); on every other
 * screen the layout's payment methods and products (app/use-site-data.ts) and the order form's first calls. The
 * app renders once they are in (app/start-app.tsx): an answer arriving after the first render re-renders
 * its screen in one long task, where the first render is cut into slices. Resolves when every answer is
 * in, whether it succeeded or not: a failure was reported by the API client's dialog and is the screen's
 * to show.
 */
export async function prefetchRouteData(
  queryClient: QueryClient,
  lang: LangCode,
  hash: string,
  settings: SiteSettings | undefined,
): Promise<void> {
  const reservationToken = matchPath(paths.ticket.path, hashPathname(hash))?.params.reservationToken;
  // The ticket page shows none of the layout's data: its calls go out once the page is drawn (useSiteData),
  // so the QR codes (the page's largest paint) wait for the ticket alone.
  if (reservationToken) {
    await queryClient.prefetchQuery(ticketQuery(reservationToken, lang));
    return;
  }
  // A fresh order form only: a return (?ref=c) opens on the saved date's month, and a site that starts
  // with the mail confirmation sends the visitor there instead.
  const isFreshOrderForm =
    isOrderScreenHash(hash) &&
    new URLSearchParams(hash.split('?')[1] ?? '').get('ref') !== 'c' &&
    !settings?.isOnlyStartMailConfirm;
  await Promise.all([
    queryClient.prefetchQuery(paymentMethodsQuery(lang, 'web')),
    queryClient.prefetchQuery(productsQuery(lang)),
    ...(isFreshOrderForm ? prefetchFirstOrderData(queryClient, settings) : []),
  ]);
}
