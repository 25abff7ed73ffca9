import { queryOptions } from '@tanstack/react-query';
import type { LangCode } from '@kippu/contract/enums';
import { api } from '../../../../shared/api/api-client.ts';

/** Answer of POST /ordermails/{orderToken}: the order and the address the link went to. */
export type SentOrderMail = { order_token: string; email: string };
/** Answer of GET /ordermails/{mailToken}: the order the confirmed address belongs to. */
export type ConfirmedOrderMail = { order_token: string };

/** POST /ordermails/{orderToken}: sends (again) the mail whose link confirms the address. */
export async function sendConfirmationMail(orderToken: string, lang: LangCode): Promise<SentOrderMail> {
  const { data } = await api.post<SentOrderMail>(`ordermails/${encodeURIComponent(orderToken)}`, { lang });
  return data;
}

/**
 * GET /ordermails/{mailToken}: confirms the address (the server moves the order on) and answers the
 * order token. Idempotent on the server, so a remount asking again is harmless; never retried here.
 */
export const confirmMailQuery = (mailToken: string) =>
  queryOptions({
    queryKey: ['ordermails', mailToken],
    queryFn: async ({ signal }) => {
      const { data } = await api.get<ConfirmedOrderMail>(`ordermails/${encodeURIComponent(mailToken)}`, {
        signal,
      });
      return data;
    },
    staleTime: Infinity,
  });
