import type {
  MembershipInfo,
  MembershipLoginBody,
  MembershipLoginResponse,
} from '@kippu/contract/endpoints/membership';
import { api } from '../../../../shared/api/api-client.ts';

/** POST /membership/login/{id}: ties the member to the temporary order (member price). */
export async function loginMember(
  orderToken: string,
  body: MembershipLoginBody,
): Promise<MembershipLoginResponse> {
  const { data } = await api.post<MembershipLoginResponse>(
    `membership/login/${encodeURIComponent(orderToken)}`,
    body,
  );
  return data;
}

/** GET /membership/{id}: the logged-in member's details, which pre-fill sign-in. */
export async function fetchMembershipInfo(orderToken: string): Promise<MembershipInfo> {
  const { data } = await api.get<MembershipInfo>(`membership/${encodeURIComponent(orderToken)}`);
  return data;
}
