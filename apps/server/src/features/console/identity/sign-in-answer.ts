import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SecondFactorState, SignInResponse } from '@kippu/contract/console/identity-schemas';
import { signIn, type SignInInput, type SignInResult } from '../../../domain/staff/sign-in.ts';
import { AppError } from '../../../shared/app-error.ts';
import { sessionCookieOf, setSessionCookie } from '../console-session.ts';

const SECOND_FACTOR_AFTER_SIGN_IN: Record<Exclude<SignInResult['kind'], 'refused'>, SecondFactorState> = {
  'signed-in': 'not-required',
  'second-factor-needed': 'needed',
  'second-factor-enrolment-needed': 'enrolment-needed',
};

/**
 * Signs in and answers as POST /session does: a new session cookie (never the one the browser brought:
 * session fixation), the second factor's state and the session's CSRF token.
 */
export async function signInAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  input: SignInInput,
): Promise<SignInResponse> {
  // The session the browser's cookie names (if any) ends with this sign-in: its id is never carried over.
  const result = await signIn(request.server.db, {
    ...input,
    replacesCookieValue: input.replacesCookieValue ?? sessionCookieOf(request),
  });
  if (result.kind === 'refused') {
    throw new AppError(result.reason === 'credentials' ? 'console_sign_in_failed' : 'too_many_requests');
  }
  setSessionCookie(request, reply, result.session.cookieValue);
  return { secondFactor: SECOND_FACTOR_AFTER_SIGN_IN[result.kind], csrfToken: result.session.csrfToken };
}
