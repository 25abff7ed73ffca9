import { z } from 'zod';
import { storableText, tokenParamsSchema } from '../validation/storable-text.ts';
import { secretToken } from '../secret.ts';
import { defineEndpoint } from '../endpoint.ts';

/** `{id}` of the membership calls is the order token of the temporary order the member logs in for. */
export const membershipParamsSchema = tokenParamsSchema;

/** POST /api/v1/membership/login/{id} */
export const membershipLoginBodySchema = z.object({
  email: storableText().trim().min(1).max(320),
  password: secretToken(storableText().min(1).max(256)),
});
export type MembershipLoginBody = z.infer<typeof membershipLoginBodySchema>;
export const membershipLoginResponseSchema = z.object({ result: z.literal(true) });
export type MembershipLoginResponse = z.infer<typeof membershipLoginResponseSchema>;

/** GET /api/v1/membership/{id}: membership info (spec §3), what pre-fills sign-in. */
export const membershipInfoSchema = z.object({
  name: z.string(),
  resident_area: z.string(),
  email: z.string(),
  phone: z.string(),
  age: z.string(),
  gender: z.string(),
});
export type MembershipInfo = z.infer<typeof membershipInfoSchema>;

export const membershipLoginEndpoint = defineEndpoint('membershipLogin', {
  params: membershipParamsSchema,
  body: membershipLoginBodySchema,
  responses: { 200: membershipLoginResponseSchema },
});
export const membershipInfoEndpoint = defineEndpoint('membershipInfo', {
  params: membershipParamsSchema,
  responses: { 200: membershipInfoSchema },
});
