import { queryOptions } from '@tanstack/react-query';
import type { MovedVisitResponse } from '@kippu/contract/endpoints/moved-visits';
import type { LangCode } from '@kippu/contract/enums';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../../../shared/api/api-client.ts';

/* A moved visit's self-service link (issue 29, ADR 079): no sign-in, the token in the mail is the key. */

export const movedVisitKey = (token: string) => ['moved-visits', token] as const;

/** GET /moved-visits/{token}?lang=: the visit, its old and new time, the deadline and the slots with room. */
export const movedVisitQuery = (token: string, lang: LangCode) =>
  queryOptions({
    queryKey: [...movedVisitKey(token), lang],
    queryFn: async ({ signal }) => {
      const { data } = await api.call(ROUTES.movedVisit, {
        params: { token },
        query: { lang },
        signal,
        ignoredStatuses: [404],
      });
      return data;
    },
  });

/** POST …/slot: takes another slot; a refusal (full meanwhile, past the deadline) shows its dialog. */
export async function chooseMovedVisitSlot(
  token: string,
  timeSpanId: number,
  lang: LangCode,
): Promise<MovedVisitResponse> {
  const { data } = await api.call(ROUTES.movedVisitChooseSlot, {
    params: { token },
    body: { time_span_id: timeSpanId, lang },
  });
  return data;
}

/** POST …/refund: gives the whole reservation back; answers the visit after it. */
export async function refundMovedVisit(token: string, lang: LangCode): Promise<MovedVisitResponse> {
  const { data } = await api.call(ROUTES.movedVisitRefund, { params: { token }, body: { lang } });
  return data;
}
