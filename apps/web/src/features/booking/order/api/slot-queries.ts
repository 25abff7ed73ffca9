import { queryOptions } from '@tanstack/react-query';
import type { LangCode } from '@kippu/contract/enums';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../../../../shared/api/api-client.ts';
import { channelParam } from '../../../../shared/kiosk/kiosk-store.ts';

/** GET /products/search2: the products on sale on a date with their slots (date-before-product). */
export const productsOnDateQuery = (date: string, lang: LangCode, channel = channelParam()) =>
  queryOptions({
    queryKey: ['products', 'search2', date, lang, channel],
    queryFn: async ({ signal }) => {
      const query = { date, lang, ...channel };
      const { data } = await api.call(ROUTES.productSearchByDate, { query, signal });
      return data;
    },
    staleTime: 15_000,
  });

/** GET /products/stocks: one product's slots on a date, earliest first (product-before-date). */
export const slotsQuery = (date: string, productUuid: string, lang: LangCode, channel = channelParam()) =>
  queryOptions({
    queryKey: ['products', 'stocks', date, productUuid, lang, channel],
    queryFn: async ({ signal }) => {
      const query = { date, product_id: productUuid, lang, ...channel };
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
