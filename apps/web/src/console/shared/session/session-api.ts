import type { SessionResponse } from '@kippu/contract/console/identity-schemas';
import { consoleCall, ConsoleApiError, setCsrfToken } from '../api/console-client.ts';
import { sessionRoutes } from '@kippu/contract/console/session-routes';
import { routesByName } from '@kippu/contract/route-paths';

/**
 * The session's routes only (session-routes.ts), not CONSOLE_ROUTES: this module is part of the console's
 * first screen, which would otherwise carry every console area's routes (route-sizes.ts's budget).
 */
const R = routesByName(sessionRoutes);

/** Where the sign-in stands: no session, a code due, a TOTP to set up first, or in. */
export type SessionStage = 'signed-out' | 'second-factor' | 'enrol-second-factor' | 'signed-in';

export type ConsoleSession = { stage: SessionStage } & Partial<SessionResponse>;

export const SESSION_QUERY_KEY = ['console', 'session'] as const;

/** ERRORS.console_sign_in_required's string (console-texts.test.ts holds them equal). */
export const SIGN_IN_REQUIRED = 'console sign in required';

/** GET /session; its 401 (no session) is the signed-out stage, not an error. */
export async function readSession(): Promise<ConsoleSession> {
  try {
    const session = await consoleCall(R.consoleSession);
    setCsrfToken(session.csrfToken);
    const stage: SessionStage =
      session.secondFactor === 'needed'
        ? 'second-factor'
        : session.secondFactor === 'enrolment-needed'
          ? 'enrol-second-factor'
          : 'signed-in';
    return { ...session, stage };
  } catch (error) {
    if (error instanceof ConsoleApiError && error.error === SIGN_IN_REQUIRED) {
      setCsrfToken(undefined);
      return { stage: 'signed-out' };
    }
    throw error;
  }
}

const keepToken = <T extends { csrfToken: string }>(answer: T): T => {
  setCsrfToken(answer.csrfToken);
  return answer;
};

export const signIn = async (body: { email: string; password: string }) =>
  keepToken(await consoleCall(R.consoleSignIn, { body }));
export const signOut = () => consoleCall(R.consoleSignOut);
export const endOtherSessions = () => consoleCall(R.consoleEndOtherSessions);
export const verifySecondFactor = (body: { code: string }) => consoleCall(R.consoleSecondFactor, { body });
export const reauthenticate = (body: { password: string }) => consoleCall(R.consoleReauthenticate, { body });
export const startTotpEnrolment = () => consoleCall(R.consoleStartTotp);
export const confirmTotpEnrolment = (body: { code: string }) => consoleCall(R.consoleConfirmTotp, { body });
export const readInvitation = (token: string) =>
  consoleCall(R.consoleStaffInvitationPreview, { params: { token } });
export const acceptInvitation = async (token: string, body: { name?: string; password: string }) =>
  keepToken(await consoleCall(R.consoleAcceptStaffInvitation, { params: { token }, body }));
export const requestPasswordReset = (body: { email: string }) =>
  consoleCall(R.consoleRequestPasswordReset, { body });
export const resetPassword = (token: string, body: { password: string }) =>
  consoleCall(R.consoleResetPassword, { params: { token }, body });
export const changePassword = async (body: { currentPassword: string; newPassword: string }) =>
  keepToken(await consoleCall(R.consoleChangePassword, { body }));
