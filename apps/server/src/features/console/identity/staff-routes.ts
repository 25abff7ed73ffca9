import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ENDPOINTS } from '@kippu/contract';
import type { StaffMember as StaffMemberView } from '@kippu/contract/console/identity-schemas';
import { inviteStaff, listInvitations, revokeInvitation } from '../../../domain/staff/invitations.ts';
import {
  changeMembership,
  listStaff,
  removeMember,
  type MemberEditor,
  type StaffMember,
} from '../../../domain/staff/members.ts';
import { listRoles } from '../../../domain/staff/roles.ts';
import { resetSecondFactor } from '../../../domain/staff/second-factor.ts';
import { consoleActor, registerConsoleEndpoint } from '../console-endpoint.ts';

const memberView = (member: StaffMember): StaffMemberView => ({
  id: member.staffId,
  email: member.email,
  name: member.name,
  lang: member.lang,
  role: { id: member.roleId, name: member.roleName, template: member.roleTemplate },
  allSites: member.allSites,
  siteCodes: member.siteCodes,
  totpEnabled: member.totpEnabled,
  lastSeenAt: member.lastSeenAt?.toISOString() ?? null,
  joinedAt: member.joinedAt.toISOString(),
});

const editorOf = (request: FastifyRequest): MemberEditor => ({
  actor: consoleActor(request),
  staffId: request.consoleStaff.staffId,
  limits: request.consoleStaff.limits,
});

/**
 * The organisation's staff and invitations. Everything is of the signed-in member's organisation: an id of
 * another organisation answers 404 from the domain, and an administrator's `staffNotOwners` keeps owners out
 * of reach the same way.
 */
export async function staffRoutes(app: FastifyInstance): Promise<void> {
  const staffRead = { area: 'staff', level: 'read' } as const;
  const staffWrite = { area: 'staff', level: 'write' } as const;
  const sensitive = { area: 'staff', level: 'write', reauthenticate: true } as const;

  registerConsoleEndpoint(app, ENDPOINTS.consoleStaffList, staffRead, async (request) => ({
    staff: (await listStaff(app.db, request.consoleStaff.organisationId)).map(memberView),
  }));

  registerConsoleEndpoint(app, ENDPOINTS.consoleInviteStaff, staffWrite, async (request) => {
    const { allSites, siteCodes, ...person } = request.body;
    const created = await inviteStaff(app.db, app.env, {
      ...person,
      organisationId: request.consoleStaff.organisationId,
      sites: allSites ? 'all' : siteCodes,
      invitedBy: {
        actor: consoleActor(request),
        staffId: request.consoleStaff.staffId,
        name: request.consoleStaff.name,
        limits: request.consoleStaff.limits,
      },
    });
    return { invitationId: created.invitationId, expiresAt: created.expiresAt.toISOString() };
  });

  registerConsoleEndpoint(app, ENDPOINTS.consoleStaffInvitations, staffRead, async (request) => {
    const organisationId = request.consoleStaff.organisationId;
    const [invitations, roles] = await Promise.all([
      listInvitations(app.db, organisationId),
      listRoles(app.db, organisationId),
    ]);
    const roleNames = new Map(roles.map((role) => [role.id, role.name]));
    return {
      invitations: invitations.map((invitation) => ({
        ...invitation,
        roleName: roleNames.get(invitation.roleId) ?? '',
        createdAt: invitation.createdAt.toISOString(),
        expiresAt: invitation.expiresAt.toISOString(),
      })),
    };
  });

  registerConsoleEndpoint(app, ENDPOINTS.consoleRevokeStaffInvitation, staffWrite, async (request) => {
    await revokeInvitation(app.db, {
      organisationId: request.consoleStaff.organisationId,
      invitationId: request.params.id,
      actor: consoleActor(request),
    });
    return { ok: true as const };
  });

  registerConsoleEndpoint(app, ENDPOINTS.consoleUpdateMembership, sensitive, async (request) => {
    await changeMembership(app.db, {
      organisationId: request.consoleStaff.organisationId,
      staffId: request.params.id,
      roleId: request.body.roleId,
      sites: request.body.allSites ? 'all' : request.body.siteCodes,
      editor: editorOf(request),
    });
    return { ok: true as const };
  });

  registerConsoleEndpoint(app, ENDPOINTS.consoleResetSecondFactor, sensitive, async (request) => {
    await resetSecondFactor(app.db, app.env, {
      organisationId: request.consoleStaff.organisationId,
      staffId: request.params.id,
      by: {
        actor: consoleActor(request),
        name: request.consoleStaff.name,
        limits: request.consoleStaff.limits,
      },
    });
    return { ok: true as const };
  });

  registerConsoleEndpoint(app, ENDPOINTS.consoleRemoveStaff, sensitive, async (request) => {
    await removeMember(app.db, {
      organisationId: request.consoleStaff.organisationId,
      staffId: request.params.id,
      editor: editorOf(request),
    });
    return { ok: true as const };
  });
}
