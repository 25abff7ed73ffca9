import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import type { LangCode } from '@kippu/contract/enums';
import { ticketQuery } from '../features/tickets/api/ticket-query.ts';
import { paths } from './paths.ts';

/**
 * The ticket page's data, asked for as the app starts instead of by the ticket screen once its chunk has
 * loaded (the entry starts that chunk's download, src/main.ts): one round trip fewer before the QR codes,
 * the page's largest paint (issue 12). The screen's own query finds the answer in flight.
 */
export function prefetchRouteData(queryClient: QueryClient, lang: LangCode, hash: string): void {
  const pathname = hash.replace(/^#/, '').split('?')[0] ?? '';
  const reservationToken = matchPath(paths.ticket.path, pathname)?.params.reservationToken;
  if (reservationToken) void queryClient.prefetchQuery(ticketQuery(reservationToken, lang));
}
