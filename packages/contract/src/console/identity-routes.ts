import { consoleRoute } from './console-route.ts';

/** The console's identity routes (issue 27); their schemas are in `identity-endpoints.ts`. */
export const identityRoutes = [
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
  // The organisation's staff, invitations and roles.
  consoleRoute('consoleStaffList', 'GET', '/staff'),
  consoleRoute('consoleInviteStaff', 'POST', '/staff/invitations'),
  consoleRoute('consoleStaffInvitations', 'GET', '/staff/invitations'),
  consoleRoute('consoleRevokeStaffInvitation', 'DELETE', '/staff/invitations/:id'),
  consoleRoute('consoleUpdateMembership', 'PUT', '/staff/:id/membership'),
  consoleRoute('consoleResetSecondFactor', 'DELETE', '/staff/:id/second-factor'),
  consoleRoute('consoleRemoveStaff', 'DELETE', '/staff/:id'),
  consoleRoute('consoleRoles', 'GET', '/roles'),
  consoleRoute('consoleCreateRole', 'POST', '/roles'),
  consoleRoute('consoleUpdateRole', 'PUT', '/roles/:id'),
  consoleRoute('consoleDeleteRole', 'DELETE', '/roles/:id'),
  // Public: an invitation's acceptance and a password reset, by the token their mail carries.
  consoleRoute('consoleStaffInvitationPreview', 'GET', '/invitations/:token'),
  consoleRoute('consoleAcceptStaffInvitation', 'POST', '/invitations/:token'),
  consoleRoute('consoleRequestPasswordReset', 'POST', '/password-resets'),
  consoleRoute('consoleResetPassword', 'PUT', '/password-resets/:token'),
] as const satisfies readonly ReturnType<typeof consoleRoute>[];
