import { queryOptions } from '@tanstack/react-query';
import type { MailMagazineField } from '@kippu/contract/endpoints/mail-magazines';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../../../../shared/api/api-client.ts';

/**
 * GET /mailmagazines/{token}: the magazines the link's address still receives. A 404 (unknown token) is
 * ignored by the client (spec §7): the page says the link is not valid, without an error dialog.
 */
export const mailMagazinesQuery = (mailToken: string) =>
  queryOptions({
    queryKey: ['mailmagazines', mailToken],
    queryFn: async ({ signal }) => {
      const { data } = await api.call(ROUTES.mailMagazine, {
        params: { id: mailToken },
        signal,
        ignoredStatuses: [404],
      });
      return data;
    },
    staleTime: 0,
  });

/**
 * PUT /mailmagazines/{token} `{ field_name }`, one call per magazine chosen. One that is already off
 * (`mail magazine already unsubscribed`, e.g. a second tab) shows its dialog and throws.
 */
export async function unsubscribeMailMagazines(
  mailToken: string,
  fields: MailMagazineField[],
): Promise<void> {
  for (const field of fields) {
    await api.call(ROUTES.unsubscribeMailMagazine, {
      params: { id: mailToken },
      body: { field_name: field },
    });
  }
}
