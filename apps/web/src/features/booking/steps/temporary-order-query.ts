import { queryOptions } from '@tanstack/react-query';
import type { TemporaryOrder } from '@kippu/contract/endpoints/orders';
import { api } from '../../../shared/api/api-client.ts';

/** GET /orders/{id}: the temporary order (contents, status and hold expiry) of an order token. */
export const temporaryOrderQuery = (orderToken: string) =>
  queryOptions({
    queryKey: ['orders', orderToken],
    queryFn: async ({ signal }) => {
      const { data } = await api.get<TemporaryOrder>(`orders/${encodeURIComponent(orderToken)}`, { signal });
      return data;
    },
    staleTime: 10_000,
  });
