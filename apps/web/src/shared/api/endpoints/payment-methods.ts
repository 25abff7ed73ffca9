import { queryOptions } from '@tanstack/react-query';
import type { LangCode, SalesChannel } from '@kippu/contract/enums';
import type { PaymentMethodItem } from '@kippu/contract/endpoints/payment-methods';
import { api } from '../api-client.ts';

export async function getPaymentMethods(
  lang: LangCode,
  channel: SalesChannel,
  signal?: AbortSignal,
): Promise<PaymentMethodItem[]> {
  const { data } = await api.get<PaymentMethodItem[]>('paymentmethods', {
    params: { lang, channel },
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
