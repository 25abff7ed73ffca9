import { defineEndpoint } from '../endpoint.ts';
import {
  consoleSiteIdParamsSchema,
  consoleSiteParamsSchema,
  createGateDeviceBodySchema,
  createSpotPosterBodySchema,
  createdGateDeviceSchema,
  createdSpotPosterSchema,
  gateDeviceListSchema,
  revokedSchema,
  spotPosterListSchema,
} from './operations-devices.ts';
import { dashboardQuerySchema, dashboardSchema } from './operations-dashboard.ts';
import {
  createVisitorInvitationBodySchema,
  createdVisitorInvitationSchema,
  importMembersBodySchema,
  importMembersResponseSchema,
  consoleMemberListSchema,
  consoleMembersQuerySchema,
  erasedMemberSchema,
  visitorInvitationListSchema,
} from './operations-members.ts';

/** The console's operations endpoints by route name (`defineEndpoint`), merged into `ENDPOINTS`. */
export const operationsEndpoints = {
  consoleListGateDevices: defineEndpoint('consoleListGateDevices', {
    params: consoleSiteParamsSchema,
    responses: { 200: gateDeviceListSchema },
  }),
  consoleCreateGateDevice: defineEndpoint('consoleCreateGateDevice', {
    params: consoleSiteParamsSchema,
    body: createGateDeviceBodySchema,
    responses: { 200: createdGateDeviceSchema },
  }),
  consoleRevokeGateDevice: defineEndpoint('consoleRevokeGateDevice', {
    params: consoleSiteIdParamsSchema,
    responses: { 200: revokedSchema },
  }),
  consoleListSpotPosters: defineEndpoint('consoleListSpotPosters', {
    params: consoleSiteParamsSchema,
    responses: { 200: spotPosterListSchema },
  }),
  consoleCreateSpotPoster: defineEndpoint('consoleCreateSpotPoster', {
    params: consoleSiteParamsSchema,
    body: createSpotPosterBodySchema,
    responses: { 200: createdSpotPosterSchema },
  }),
  consoleRevokeSpotPoster: defineEndpoint('consoleRevokeSpotPoster', {
    params: consoleSiteIdParamsSchema,
    responses: { 200: revokedSchema },
  }),
  consoleImportMembers: defineEndpoint('consoleImportMembers', {
    params: consoleSiteParamsSchema,
    body: importMembersBodySchema,
    responses: { 200: importMembersResponseSchema },
  }),
  consoleListMembers: defineEndpoint('consoleListMembers', {
    params: consoleSiteParamsSchema,
    query: consoleMembersQuerySchema,
    responses: { 200: consoleMemberListSchema },
  }),
  consoleEraseMember: defineEndpoint('consoleEraseMember', {
    params: consoleSiteIdParamsSchema,
    responses: { 200: erasedMemberSchema },
  }),
  consoleListInvitations: defineEndpoint('consoleListInvitations', {
    params: consoleSiteParamsSchema,
    responses: { 200: visitorInvitationListSchema },
  }),
  consoleCreateInvitation: defineEndpoint('consoleCreateInvitation', {
    params: consoleSiteParamsSchema,
    body: createVisitorInvitationBodySchema,
    responses: { 200: createdVisitorInvitationSchema },
  }),
  consoleRevokeInvitation: defineEndpoint('consoleRevokeInvitation', {
    params: consoleSiteIdParamsSchema,
    responses: { 200: revokedSchema },
  }),
  consoleDashboard: defineEndpoint('consoleDashboard', {
    query: dashboardQuerySchema,
    responses: { 200: dashboardSchema },
  }),
} as const;
