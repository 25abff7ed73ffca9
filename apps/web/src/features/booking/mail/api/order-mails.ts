import { queryOptions } from '@tanstack/react-query';
import type { LangCode } from '@kippu/contract/enums';
import type { SendOrderMailResponse } from '@kippu/contract/endpoints/order-mails';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../../../../shared/api/api-client.ts';

/** POST /ordermails/{orderToken}: sends (again) the mail whose link confirms the address. */
export async function sendConfirmationMail(
  orderToken: string,
  lang: LangCode,
): Promise<SendOrderMailResponse> {
  const { data } = await api.call(ROUTES.sendOrderMail, { params: { id: orderToken }, body: { lang } });
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
      const { data } = await api.call(ROUTES.confirmOrderMail, { params: { id: mailToken }, signal });
      return data;
    },
    staleTime: Infinity,
  });
