import { consoleRoute } from './console-route.ts';

/** The console's operations routes (issue 27); their schemas are in `operations-endpoints.ts`. */
export const operationsRoutes = [
  consoleRoute('consoleListGateDevices', 'GET', '/sites/:site/gate-devices'),
  consoleRoute('consoleCreateGateDevice', 'POST', '/sites/:site/gate-devices'),
  consoleRoute('consoleRevokeGateDevice', 'DELETE', '/sites/:site/gate-devices/:id'),
  consoleRoute('consoleListSpotPosters', 'GET', '/sites/:site/spot-posters'),
  consoleRoute('consoleCreateSpotPoster', 'POST', '/sites/:site/spot-posters'),
  consoleRoute('consoleRevokeSpotPoster', 'DELETE', '/sites/:site/spot-posters/:id'),
  consoleRoute('consoleImportMembers', 'POST', '/sites/:site/members/import'),
  consoleRoute('consoleListMembers', 'GET', '/sites/:site/members'),
  consoleRoute('consoleEraseMember', 'DELETE', '/sites/:site/members/:id'),
  consoleRoute('consoleListInvitations', 'GET', '/sites/:site/invitations'),
  consoleRoute('consoleCreateInvitation', 'POST', '/sites/:site/invitations'),
  consoleRoute('consoleRevokeInvitation', 'DELETE', '/sites/:site/invitations/:id'),
  consoleRoute('consoleDashboard', 'GET', '/dashboard'),
] as const satisfies readonly ReturnType<typeof consoleRoute>[];
