import { queryOptions } from '@tanstack/react-query';
import type { LangCode } from '@kippu/contract/enums';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../../../shared/api/api-client.ts';

/** The cache key of an order token's temporary order, in every language: what a change to it invalidates. */
export const temporaryOrderKey = (orderToken: string) => ['orders', orderToken] as const;

/**
 * GET /orders/{id}?lang=: the temporary order (contents, status and hold expiry) of an order token, with
 * its names in the page's language (the visitor may switch it after ordering; ADR 045).
 */
export const temporaryOrderQuery = (orderToken: string, lang: LangCode) =>
  queryOptions({
    queryKey: [...temporaryOrderKey(orderToken), lang],
    queryFn: async ({ signal }) => {
      const { data } = await api.call(ROUTES.temporaryOrder, {
        params: { id: orderToken },
        query: { lang },
        signal,
      });
      return data;
    },
    staleTime: 10_000,
    // A language switch keeps the same order's last answer on screen (and the form around it) while the new
    // one loads; another order's never stands in.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === orderToken ? previous : undefined,
  });
