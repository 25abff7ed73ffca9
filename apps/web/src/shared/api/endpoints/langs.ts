import { queryOptions } from '@tanstack/react-query';
import type { Language } from '@kippu/contract/endpoints/langs';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../api-client.ts';

export async function getLangs(signal?: AbortSignal): Promise<Language[]> {
  const { data } = await api.call(ROUTES.langs, { signal });
  return data;
}

export const langsQuery = () =>
  queryOptions({ queryKey: ['langs'], queryFn: ({ signal }) => getLangs(signal), staleTime: Infinity });
