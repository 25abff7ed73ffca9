import { queryOptions } from '@tanstack/react-query';
import type { LangCode } from '@kippu/contract/enums';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../api-client.ts';

/**
 * GET /timechanges/{reservationToken}/{timechangeToken}?lang=: a change of date (its slots, prices and
 * top-up). Here in shared/ because two features read it: the change's own screens and the d払い confirm
 * screen, which shows the top-up a change's carrier payment is for (issue 32).
 */
export const timeChangeQuery = (reservationToken: string, timechangeToken: string, lang: LangCode) =>
  queryOptions({
    queryKey: ['timechanges', reservationToken, timechangeToken, lang],
    queryFn: async ({ signal }) => {
      const { data } = await api.call(ROUTES.timeChange, {
        params: { reservationToken, timechangeToken },
        query: { lang },
        signal,
        ignoredStatuses: [404],
      });
      return data;
    },
  });
