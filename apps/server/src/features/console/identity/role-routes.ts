import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ENDPOINTS } from '@kippu/contract';
import type { StaffRole as StaffRoleView } from '@kippu/contract/console/identity-schemas';
import {
  createRole,
  deleteRole,
  listRoles,
  updateRole,
  type RoleEditor,
  type StaffRole,
} from '../../../domain/staff/roles.ts';
import { consoleActor, registerConsoleEndpoint } from '../console-endpoint.ts';

const roleView = (role: StaffRole): StaffRoleView => ({
  id: role.id,
  name: role.name,
  template: role.templateKey,
  permissions: role.permissions,
  limits: role.limits,
  requireSecondFactor: role.requireSecondFactor,
});

const editorOf = (request: FastifyRequest): RoleEditor => ({
  actor: consoleActor(request),
  limits: request.consoleStaff.limits,
});

/**
 * The organisation's roles: listed to whoever reads staff; created and changed by staff writers, of whom the
 * domain lets only owners through (an administrator's `staffNotOwners` answers 404).
 */
export async function roleRoutes(app: FastifyInstance): Promise<void> {
  registerConsoleEndpoint(app, ENDPOINTS.consoleRoles, { area: 'staff', level: 'read' }, async (request) => ({
    roles: (await listRoles(app.db, request.consoleStaff.organisationId)).map(roleView),
  }));

  registerConsoleEndpoint(
    app,
    ENDPOINTS.consoleCreateRole,
    { area: 'staff', level: 'write', reauthenticate: true },
    async (request) => ({
      role: roleView(
        await createRole(app.db, {
          ...request.body,
          organisationId: request.consoleStaff.organisationId,
          editor: editorOf(request),
        }),
      ),
    }),
  );

  registerConsoleEndpoint(
    app,
    ENDPOINTS.consoleUpdateRole,
    { area: 'staff', level: 'write', reauthenticate: true },
    async (request) => ({
      role: roleView(
        await updateRole(app.db, {
          ...request.body,
          organisationId: request.consoleStaff.organisationId,
          roleId: request.params.id,
          editor: editorOf(request),
        }),
      ),
    }),
  );

  // Only a custom role nobody holds and no open invitation names; the domain says which refusal it is.
  registerConsoleEndpoint(
    app,
    ENDPOINTS.consoleDeleteRole,
    { area: 'staff', level: 'write', reauthenticate: true },
    async (request) => {
      await deleteRole(app.db, {
        organisationId: request.consoleStaff.organisationId,
        roleId: request.params.id,
        editor: editorOf(request),
      });
      return { ok: true as const };
    },
  );
}
