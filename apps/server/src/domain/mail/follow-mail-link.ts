import type { ConfirmOrderMailResponse } from '@kippu/contract';
import { AppError } from '../../shared/app-error.ts';
import { acceptInvitation, type AcceptInvitationDeps } from './accept-invitation.ts';
import { confirmMailToken } from './confirm-mail-token.ts';

/**
 * GET /ordermails/{mailToken} (ADR 020): a mailed link, either a mail confirmation of a temporary order or
 * an operator's invitation. Answers the order to continue with; an unknown token is `record not found`.
 */
export async function followMailLink(
  deps: AcceptInvitationDeps,
  site: string,
  token: string,
): Promise<ConfirmOrderMailResponse> {
  const answer =
    (await confirmMailToken(deps.db, site, token)) ?? (await acceptInvitation(deps, site, token));
  if (!answer) throw new AppError('record_not_found');
  return answer;
}
