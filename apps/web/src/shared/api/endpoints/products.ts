import { queryOptions } from '@tanstack/react-query';
import type { LangCode } from '@kippu/contract/enums';
import type { Product } from '@kippu/contract/endpoints/products';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../api-client.ts';
import { salesChannel } from '../../kiosk/kiosk-store.ts';

export async function getProducts(
  lang: LangCode,
  signal?: AbortSignal,
  channel = salesChannel(),
): Promise<Product[]> {
  // The web's call stays as it was (the server's answer cache and the page's preload know its address).
  const query = channel === 'web' ? { lang } : { lang, channel };
  const { data } = await api.call(ROUTES.products, { query, signal });
  return data;
}

/** The products sold on this browser's channel: the web's, or a kiosk's (ADR 081). */
export const productsQuery = (lang: LangCode, channel = salesChannel()) =>
  queryOptions({
    queryKey: channel === 'web' ? ['products', lang] : ['products', lang, channel],
    queryFn: ({ signal }) => getProducts(lang, signal, channel),
    staleTime: 60_000,
    // A failed load was already reported (its dialog), and the lineup offers a reload; mounting another
    // component that lists the products does not ask again, so the early load the app starts
    // (app/prefetch-route-data.ts) and the screen never report one failure twice.
    retryOnMount: false,
  });
