import { queryOptions } from '@tanstack/react-query';
import type { LangCode } from '@kippu/contract/enums';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../../../../shared/api/api-client.ts';

/** GET /products/search2: the products on sale on a date with their slots (date-before-product). */
export const productsOnDateQuery = (date: string, lang: LangCode) =>
  queryOptions({
    queryKey: ['products', 'search2', date, lang],
    queryFn: async ({ signal }) => {
      const { data } = await api.call(ROUTES.productSearchByDate, { query: { date, lang }, signal });
      return data;
    },
    staleTime: 15_000,
  });

/** GET /products/stocks: one product's slots on a date, earliest first (product-before-date). */
export const slotsQuery = (date: string, productUuid: string, lang: LangCode) =>
  queryOptions({
    queryKey: ['products', 'stocks', date, productUuid, lang],
    queryFn: async ({ signal }) => {
      const query = { date, product_id: productUuid, lang };
      const { data } = await api.call(ROUTES.stocks, { query, signal });
      return data;
    },
    staleTime: 15_000,
  });

/** GET /setproducts/search: the add-ons sold with the main product of a slot. */
export const setProductsQuery = (slotId: number, lang: LangCode) =>
  queryOptions({
    queryKey: ['setproducts', slotId, lang],
    queryFn: async ({ signal }) => {
      const query = { lang, main_product_time_span_ids: [slotId] };
      const { data } = await api.call(ROUTES.setProductSearch, { query, signal });
      return data;
    },
    staleTime: 5 * 60_000,
  });
