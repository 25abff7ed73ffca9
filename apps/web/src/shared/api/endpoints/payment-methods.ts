import { queryOptions } from '@tanstack/react-query';
import type { LangCode, SalesChannel } from '@kippu/contract/enums';
import type { PaymentMethodItem } from '@kippu/contract/endpoints/payment-methods';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../api-client.ts';

export async function getPaymentMethods(
  lang: LangCode,
  channel: SalesChannel,
  signal?: AbortSignal,
): Promise<PaymentMethodItem[]> {
  const { data } = await api.call(ROUTES.paymentMethods, {
    query: { lang, channel },
    signal,
  });
  return data;
}

export const paymentMethodsQuery = (lang: LangCode, channel: SalesChannel = 'web') =>
  queryOptions({
    queryKey: ['paymentmethods', lang, channel],
    queryFn: ({ signal }) => getPaymentMethods(lang, channel, signal),
    staleTime: 5 * 60_000,
  });
