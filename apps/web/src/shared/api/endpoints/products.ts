import { queryOptions } from '@tanstack/react-query';
import type { LangCode } from '@kippu/contract/enums';
import type { Product } from '@kippu/contract/endpoints/products';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../api-client.ts';

export async function getProducts(lang: LangCode, signal?: AbortSignal): Promise<Product[]> {
  const { data } = await api.call(ROUTES.products, { query: { lang }, signal });
  return data;
}

export const productsQuery = (lang: LangCode) =>
  queryOptions({
    queryKey: ['products', lang],
    queryFn: ({ signal }) => getProducts(lang, signal),
    staleTime: 60_000,
    // A failed load was already reported (its dialog), and the lineup offers a reload; mounting another
    // component that lists the products does not ask again, so the early load the app starts
    // (app/prefetch-route-data.ts) and the screen never report one failure twice.
    retryOnMount: false,
  });
