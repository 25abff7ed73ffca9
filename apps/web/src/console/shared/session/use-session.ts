import { useQuery, useQueryClient } from '@tanstack/react-query';
import { readSession, SESSION_QUERY_KEY } from './session-api.ts';

export function useSession() {
  return useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: readSession, staleTime: 60_000 });
}

/** After a sign-in step: read the session again, and the app moves to the screen its stage asks for. */
export function useRefreshSession(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}
