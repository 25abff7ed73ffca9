import { consoleRoute } from './console-route.ts';

/**
 * The routes of signing in and of the member's own session and account, and the public ones a mail's token
 * opens. A file of their own: the console's first screen (session-api.ts) loads this module, and a module
 * comes whole, so the staff and roles routes (identity-routes.ts) stay in the lazy screens' chunks.
 */
export const sessionRoutes = [
  // The session: sign in, who am I, sign out, second factor, re-authentication.
  consoleRoute('consoleSignIn', 'POST', '/session'),
  consoleRoute('consoleSession', 'GET', '/session'),
  consoleRoute('consoleSignOut', 'DELETE', '/session'),
  consoleRoute('consoleSecondFactor', 'POST', '/session/second-factor'),
  consoleRoute('consoleReauthenticate', 'POST', '/session/reauthenticate'),
  consoleRoute('consoleEndOtherSessions', 'POST', '/session/others/end'),
  // The signed-in member's own account.
  consoleRoute('consoleStartTotp', 'POST', '/me/totp'),
  consoleRoute('consoleConfirmTotp', 'PUT', '/me/totp'),
  consoleRoute('consoleChangePassword', 'PUT', '/me/password'),
  consoleRoute('consoleRenewRecoveryCodes', 'POST', '/me/recovery-codes'),
  // Public: an invitation's acceptance and a password reset, by the token their mail carries.
  consoleRoute('consoleStaffInvitationPreview', 'GET', '/invitations/:token'),
  consoleRoute('consoleAcceptStaffInvitation', 'POST', '/invitations/:token'),
  consoleRoute('consoleRequestPasswordReset', 'POST', '/password-resets'),
  consoleRoute('consoleResetPassword', 'PUT', '/password-resets/:token'),
] as const satisfies readonly ReturnType<typeof consoleRoute>[];
