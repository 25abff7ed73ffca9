import { queryOptions } from '@tanstack/react-query';
import type { ConfigurationResponse } from '@kippu/contract/site-settings';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../api-client.ts';

export async function getConfiguration(signal?: AbortSignal): Promise<ConfigurationResponse> {
  const { data } = await api.call(ROUTES.configurations, { signal });
  return data;
}

export const configurationQuery = () =>
  queryOptions({
    queryKey: ['configurations'],
    queryFn: ({ signal }) => getConfiguration(signal),
    staleTime: Infinity,
  });
