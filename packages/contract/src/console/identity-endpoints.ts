import { defineEndpoint } from '../endpoint.ts';
import {
  acceptInvitationBodySchema,
  changePasswordBodySchema,
  changePasswordResponseSchema,
  confirmTotpBodySchema,
  confirmTotpResponseSchema,
  consoleIdParamsSchema,
  endOtherSessionsResponseSchema,
  invitationPreviewResponseSchema,
  inviteStaffBodySchema,
  inviteStaffResponseSchema,
  linkTokenParamsSchema,
  okSchema,
  reauthenticateBodySchema,
  reauthenticateResponseSchema,
  renewRecoveryCodesResponseSchema,
  requestPasswordResetBodySchema,
  resetPasswordBodySchema,
  roleBodySchema,
  roleResponseSchema,
  rolesResponseSchema,
  secondFactorBodySchema,
  secondFactorResponseSchema,
  sessionResponseSchema,
  signInBodySchema,
  signInResponseSchema,
  staffInvitationsResponseSchema,
  staffListResponseSchema,
  startTotpResponseSchema,
  updateMembershipBodySchema,
} from './identity-schemas.ts';

/** The console's identity endpoints by route name (`defineEndpoint`), merged into `ENDPOINTS`. */
export const identityEndpoints = {
  consoleSignIn: defineEndpoint('consoleSignIn', {
    body: signInBodySchema,
    responses: { 200: signInResponseSchema },
  }),
  consoleSession: defineEndpoint('consoleSession', { responses: { 200: sessionResponseSchema } }),
  consoleSignOut: defineEndpoint('consoleSignOut', { responses: { 200: okSchema } }),
  consoleSecondFactor: defineEndpoint('consoleSecondFactor', {
    body: secondFactorBodySchema,
    responses: { 200: secondFactorResponseSchema },
  }),
  consoleReauthenticate: defineEndpoint('consoleReauthenticate', {
    body: reauthenticateBodySchema,
    responses: { 200: reauthenticateResponseSchema },
  }),
  consoleEndOtherSessions: defineEndpoint('consoleEndOtherSessions', {
    responses: { 200: endOtherSessionsResponseSchema },
  }),
  consoleStartTotp: defineEndpoint('consoleStartTotp', { responses: { 200: startTotpResponseSchema } }),
  consoleConfirmTotp: defineEndpoint('consoleConfirmTotp', {
    body: confirmTotpBodySchema,
    responses: { 200: confirmTotpResponseSchema },
  }),
  consoleChangePassword: defineEndpoint('consoleChangePassword', {
    body: changePasswordBodySchema,
    responses: { 200: changePasswordResponseSchema },
  }),
  consoleRenewRecoveryCodes: defineEndpoint('consoleRenewRecoveryCodes', {
    responses: { 200: renewRecoveryCodesResponseSchema },
  }),
  consoleStaffList: defineEndpoint('consoleStaffList', { responses: { 200: staffListResponseSchema } }),
  consoleInviteStaff: defineEndpoint('consoleInviteStaff', {
    body: inviteStaffBodySchema,
    responses: { 200: inviteStaffResponseSchema },
  }),
  consoleStaffInvitations: defineEndpoint('consoleStaffInvitations', {
    responses: { 200: staffInvitationsResponseSchema },
  }),
  consoleRevokeStaffInvitation: defineEndpoint('consoleRevokeStaffInvitation', {
    params: consoleIdParamsSchema,
    responses: { 200: okSchema },
  }),
  consoleUpdateMembership: defineEndpoint('consoleUpdateMembership', {
    params: consoleIdParamsSchema,
    body: updateMembershipBodySchema,
    responses: { 200: okSchema },
  }),
  consoleResetSecondFactor: defineEndpoint('consoleResetSecondFactor', {
    params: consoleIdParamsSchema,
    responses: { 200: okSchema },
  }),
  consoleRemoveStaff: defineEndpoint('consoleRemoveStaff', {
    params: consoleIdParamsSchema,
    responses: { 200: okSchema },
  }),
  consoleRoles: defineEndpoint('consoleRoles', { responses: { 200: rolesResponseSchema } }),
  consoleCreateRole: defineEndpoint('consoleCreateRole', {
    body: roleBodySchema,
    responses: { 200: roleResponseSchema },
  }),
  consoleUpdateRole: defineEndpoint('consoleUpdateRole', {
    params: consoleIdParamsSchema,
    body: roleBodySchema,
    responses: { 200: roleResponseSchema },
  }),
  consoleDeleteRole: defineEndpoint('consoleDeleteRole', {
    params: consoleIdParamsSchema,
    responses: { 200: okSchema },
  }),
  consoleStaffInvitationPreview: defineEndpoint('consoleStaffInvitationPreview', {
    params: linkTokenParamsSchema,
    responses: { 200: invitationPreviewResponseSchema },
  }),
  consoleAcceptStaffInvitation: defineEndpoint('consoleAcceptStaffInvitation', {
    params: linkTokenParamsSchema,
    body: acceptInvitationBodySchema,
    responses: { 200: signInResponseSchema },
  }),
  consoleRequestPasswordReset: defineEndpoint('consoleRequestPasswordReset', {
    body: requestPasswordResetBodySchema,
    responses: { 200: okSchema },
  }),
  consoleResetPassword: defineEndpoint('consoleResetPassword', {
    params: linkTokenParamsSchema,
    body: resetPasswordBodySchema,
    responses: { 200: okSchema },
  }),
} as const;
