import { queryOptions } from '@tanstack/react-query';
import type { Language } from '@kippu/contract/endpoints/langs';
import { api } from '../api-client.ts';

export async function getLangs(signal?: AbortSignal): Promise<Language[]> {
  const { data } = await api.get<Language[]>('langs', { signal });
  return data;
}

export const langsQuery = () =>
  queryOptions({ queryKey: ['langs'], queryFn: ({ signal }) => getLangs(signal), staleTime: Infinity });
