import type { MembershipInfo } from '@kippu/contract/endpoints/membership';
import { EMAIL_CONFIRM_KEY } from '../sign-in/sign-in-fields.ts';

/**
 * The sign-in form's saved values with the member's details laid over them (spec §3 "membership info
 * pre-fills sign-in"). Empty member fields leave what the visitor typed before.
 */
export function withMemberDetails(
  saved: Record<string, unknown> | null,
  info: MembershipInfo,
): Record<string, unknown> {
  const details: Record<string, string> = {
    name: info.name,
    email: info.email,
    [EMAIL_CONFIRM_KEY]: info.email,
    phone: info.phone,
    age: info.age,
    gender: info.gender,
    residentArea: info.resident_area,
  };
  const filled = Object.fromEntries(Object.entries(details).filter(([, value]) => value !== ''));
  return { ...saved, ...filled };
}
