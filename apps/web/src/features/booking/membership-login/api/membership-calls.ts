import type {
  MembershipInfo,
  MembershipLoginBody,
  MembershipLoginResponse,
} from '@kippu/contract/endpoints/membership';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../../../../shared/api/api-client.ts';

/** POST /membership/login/{id}: ties the member to the temporary order (member price). */
export async function loginMember(
  orderToken: string,
  body: MembershipLoginBody,
): Promise<MembershipLoginResponse> {
  const { data } = await api.call(ROUTES.membershipLogin, { params: { id: orderToken }, body });
  return data;
}

/** GET /membership/{id}: the logged-in member's details, which pre-fill sign-in. */
export async function fetchMembershipInfo(orderToken: string): Promise<MembershipInfo> {
  const { data } = await api.call(ROUTES.membershipInfo, { params: { id: orderToken } });
  return data;
}
