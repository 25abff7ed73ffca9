import { queryOptions } from '@tanstack/react-query';
import type { LangCode } from '@kippu/contract/enums';
import { ROUTES } from '@kippu/contract/routes';
import { api, endpointHref } from '../../../shared/api/api-client.ts';

/** GET /return-notes/{reservationToken}/{number}?lang= (ADR 076): one refund's return note; a 404 is the page's. */
export const returnNoteQuery = (reservationToken: string, number: string, lang: LangCode) =>
  queryOptions({
    queryKey: ['return-notes', reservationToken, number, lang],
    queryFn: async ({ signal }) => {
      const { data } = await api.call(ROUTES.returnNote, {
        params: { id: reservationToken, number },
        query: { lang },
        signal,
        ignoredStatuses: [404],
      });
      return data;
    },
  });

/** GET …/pdf?lang=: the return note, downloaded as a file. */
export function returnNotePdfHref(reservationToken: string, number: string, lang: LangCode): string {
  return endpointHref(ROUTES.returnNotePdf, { id: reservationToken, number }, { lang });
}
