import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-client.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { timeChangeQuery } from '../api/change-date-api.ts';

/** The change the route names (`:reservationToken/timechange/:timechangeToken`), read from the server. */
export function useTimeChange() {
  const lang = useActiveLang();
  const { reservationToken = '', timechangeToken = '' } = useParams();
  const query = useQuery(timeChangeQuery(reservationToken, timechangeToken, lang));
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  return { reservationToken, timechangeToken, query, notFound };
}
