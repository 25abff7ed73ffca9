import { consoleRoute, joinRoutes } from './console-route.ts';
import { sessionRoutes } from './session-routes.ts';

/** The organisation's staff, invitations and roles (their screens are lazy). */
export const staffRoutes = [
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
] as const satisfies readonly ReturnType<typeof consoleRoute>[];

/** The console's identity routes (issue 27); their schemas are in `identity-endpoints.ts`. */
export const identityRoutes = joinRoutes(sessionRoutes, staffRoutes);
