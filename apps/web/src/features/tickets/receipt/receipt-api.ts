import { queryOptions } from '@tanstack/react-query';
import type { LangCode } from '@kippu/contract/enums';
import type { ReceiptResponse } from '@kippu/contract/endpoints/receipt';
import { ROUTES } from '@kippu/contract/routes';
import { api, endpointHref } from '../../../shared/api/api-client.ts';

/**
 * GET /receipts/{reservationToken}?lang= (ADR 023): the receipt as it stands (`issue` null until issued).
 * A 404 (no such paid reservation) is the page's own message, not a dialog.
 */
export const receiptQuery = (reservationToken: string, lang: LangCode) =>
  queryOptions({
    queryKey: ['receipts', reservationToken, lang],
    queryFn: async ({ signal }) => {
      const { data } = await api.call(ROUTES.receipt, {
        params: { id: reservationToken },
        query: { lang },
        signal,
        ignoredStatuses: [404],
      });
      return data;
    },
  });

/** POST /receipts/{reservationToken}?lang=: issues the receipt to `addressee` (later calls are re-issues). */
export async function issueReceipt(
  reservationToken: string,
  lang: LangCode,
  addressee: string,
): Promise<ReceiptResponse> {
  const { data } = await api.call(ROUTES.issueReceipt, {
    params: { id: reservationToken },
    query: { lang },
    body: { addressee },
  });
  return data;
}

/** GET /receipts/{reservationToken}/pdf?lang=: the issued receipt, downloaded as a file. */
export function receiptPdfHref(reservationToken: string, lang: LangCode): string {
  return endpointHref(ROUTES.receiptPdf, { id: reservationToken }, { lang });
}
